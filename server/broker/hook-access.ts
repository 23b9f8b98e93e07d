// Broker access answered over HTTP (MQTT_ACCESS=http, for EMQX's HTTP authenticator and
// authorizer; docs/deploy.md). Instead of writing logins into the broker, the server keeps
// them in `broker_credentials` and the broker asks at CONNECT, SUBSCRIBE and PUBLISH. The
// rules are those of the other brokers: `pushFilters`/`maySubscribe` for consoles,
// `gatewayMayPublish`/`gatewayMaySubscribe` for gateways, the server's own login publishing
// pushes and commands and reading gateway traffic.
import { createHash, timingSafeEqual } from 'node:crypto';
import { GW_ROOT, gatewayUsername } from '../../protocol/fleet';
import { TOPIC_ROOT } from '../../protocol/push';
import type { Principal } from '../auth/scope';
import { gatewayMayPublish, gatewayMaySubscribe, gatewayPassword } from '../fleet/gateway-auth';
import { livePrincipal, maySubscribe, pushFilters } from './access';
import { sessionUsername } from './external-roles';
import type { BrokerDeps } from './types';

export type HookAction = 'publish' | 'subscribe';
export interface AuthAnswer {
  result: 'allow' | 'deny';
  is_superuser: false;
  /** unix seconds: EMQX ≥ 5.8 disconnects the client then (a console at its session's absolute expiry) */
  expire_at?: number;
}

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
const sameHex = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

type Row = { password_hash: string; token_hash: string | null; station_id: number | null; grants: string[]; expires_at: Date | null };

const DENY: AuthAnswer = { result: 'deny', is_superuser: false };

export class HookAccess {
  constructor(private readonly deps: BrokerDeps) {}

  /** A console session's login: username s-<24 hex>, password = the token (only its hash is kept). */
  async issueConsole(principal: Principal, tokenHash: string): Promise<string> {
    const username = sessionUsername(tokenHash);
    const grants = pushFilters(principal, this.deps.registry);
    const expires = new Date(this.deps.clock() + this.deps.config.sessionAbsoluteHours * 3_600_000);
    // the token hash is sha256(token), which is exactly the password hash
    await this.deps.db.query(
      `INSERT INTO broker_credentials (username, password_hash, token_hash, grants, expires_at) VALUES ($1, $2, $2, $3::jsonb, $4)
       ON CONFLICT (username) DO UPDATE SET grants = EXCLUDED.grants`,
      [username, tokenHash, JSON.stringify(grants), expires],
    );
    return username;
  }

  /** Gateway logins, idempotent: rows whose password did not change are not touched. */
  async issueGateways(stationIds: readonly number[]): Promise<void> {
    if (stationIds.length === 0) return;
    const secret = this.deps.config.gatewaySecret;
    await this.deps.db.query(
      `INSERT INTO broker_credentials (username, password_hash, station_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
       ON CONFLICT (username) DO UPDATE SET password_hash = EXCLUDED.password_hash, station_id = EXCLUDED.station_id
       WHERE broker_credentials.password_hash <> EXCLUDED.password_hash`,
      [stationIds.map(gatewayUsername), stationIds.map((id) => sha256(gatewayPassword(secret, id))), [...stationIds]],
    );
  }

  /** A revoked session's login is gone (its hooks would deny anyway, the session being dead). */
  async revoke(tokenHash: string): Promise<void> {
    await this.deps.db.query('DELETE FROM broker_credentials WHERE token_hash = $1', [tokenHash]);
  }

  async authenticate(username: string, password: string): Promise<AuthAnswer> {
    const { mqttAdminUser, mqttAdminPassword } = this.deps.config;
    if (username === mqttAdminUser) return sameHex(sha256(password), sha256(mqttAdminPassword)) ? { result: 'allow', is_superuser: false } : DENY;
    const row = await this.row(username);
    if (!row || !sameHex(sha256(password), row.password_hash)) return DENY;
    if (row.station_id !== null) return this.deps.registry.stations.has(row.station_id) ? { result: 'allow', is_superuser: false } : DENY;
    if (!row.token_hash || !(await livePrincipal(this.deps, row.token_hash))) return DENY;
    return { result: 'allow', is_superuser: false, ...(row.expires_at ? { expire_at: Math.floor(row.expires_at.getTime() / 1000) } : {}) };
  }

  async authorize(username: string, action: HookAction, topic: string): Promise<'allow' | 'deny'> {
    if (username === this.deps.config.mqttAdminUser) return serverMay(action, topic) ? 'allow' : 'deny';
    const row = await this.row(username);
    if (!row) return 'deny';
    if (row.station_id !== null) {
      if (!this.deps.registry.stations.has(row.station_id)) return 'deny';
      return (action === 'publish' ? gatewayMayPublish : gatewayMaySubscribe)(row.station_id, topic) ? 'allow' : 'deny';
    }
    // browsers never publish; a subscription needs a live session, and both the grant issued
    // then and the account's scope now (a narrowed scope applies at once)
    if (action !== 'subscribe' || !row.token_hash) return 'deny';
    const p = await livePrincipal(this.deps, row.token_hash);
    return p && maySubscribe(topic, row.grants) && maySubscribe(topic, pushFilters(p, this.deps.registry)) ? 'allow' : 'deny';
  }

  private async row(username: string): Promise<Row | undefined> {
    const [row] = await this.deps.db.query<Row>(
      'SELECT password_hash, token_hash, station_id, grants, expires_at FROM broker_credentials WHERE username = $1',
      [username],
    );
    return row;
  }
}

/** The server's own login: publishes pushes and commands under ems/, reads gateway traffic. */
const serverMay = (action: HookAction, topic: string): boolean =>
  action === 'publish' ? topic.startsWith(`${TOPIC_ROOT}/`) && !/[+#]/.test(topic) : topic.startsWith(`${GW_ROOT}/`);
