// External push broker (MQTT_URL): the server publishes as MQTT_ADMIN_USER and keeps the
// broker's access rules in step with console sessions through Mosquitto's dynamic-security
// plugin. One dynsec role per org topic tree (`ems-org-<id>`) and per station alarm topic
// (`ems-station-<id>`, for station-scoped accounts), one dynsec client per console session
// (username s-<24 hex of the token hash>, password = the session token), deleted when the
// session ends (Mosquitto then disconnects it). docs/broker.md.
import type { MqttClient } from 'mqtt';
import { TOPIC_ROOT } from '../../protocol/push';
import type { Principal } from '../auth/scope';
import { livePrincipal, pushGrant, pushTopics, sameSet } from './access';
import { Dynsec } from './dynsec';
import { connectAdmin, connectIngest, ensureGatewayClients, subscribeIngest } from './external-connections';
import { DynsecRoles } from './dynsec-roles';
import { reconcileSessions, type Tracked } from './session-reconcile';
import {
  DEFAULT_ACL,
  orgRoleSpec,
  roleSpecs,
  SERVER_ACLS,
  SERVER_ROLE,
  SESSION_TEXTNAME,
  sessionUsername,
  type RoleSpec,
  type SessionNote,
} from './external-roles';
import type { BrokerDeps, GatewayConnector, GatewayListener, PushBroker } from './types';

export interface ExternalOptions {
  sweepMs?: number;
  connectTimeoutMs?: number;
}

export class ExternalBroker implements PushBroker {
  readonly kind = 'external' as const;
  /** dynsec clients this process created or adopted, by token hash */
  private readonly tracked = new Map<string, Tracked>();
  private readonly roles: DynsecRoles;
  private readonly inflight = new Map<string, Promise<void>>();
  private ingest: MqttClient | null = null;
  /** stations whose gateway logins this server provisions (again after the broker lost them) */
  private gatewayStations: readonly number[] = [];
  private readonly timer: NodeJS.Timeout | null;
  private closing: Promise<void> | null = null;
  private ready = false;
  private resyncing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly deps: BrokerDeps,
    private readonly client: MqttClient,
    readonly dynsec: Dynsec,
    private readonly log: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
    opts: ExternalOptions,
  ) {
    this.roles = new DynsecRoles(dynsec);
    deps.sessions.on('revoked', this.onRevoked);
    // After a reconnect the broker may have restarted with any dynsec state, even an empty one:
    // resync() provisions everything again (session clients are recreated on demand).
    client.on('connect', () => {
      if (!this.ready || this.closing) return;
      this.resyncing = this.resyncing
        .then(() => this.resync())
        .catch((e: unknown) => log.warn({ err: e instanceof Error ? e.message : String(e) }, 'dynsec resync after reconnect failed'));
    });
    const sweepMs = opts.sweepMs ?? 60_000;
    this.timer = sweepMs > 0 ? setInterval(() => void this.sweep().catch((e) => log.warn({ err: e }, 'dynsec sweep failed')), sweepMs) : null;
    this.timer?.unref();
  }

  static async create(deps: BrokerDeps, log: ExternalBroker['log'], opts: ExternalOptions = {}): Promise<ExternalBroker> {
    const client = await connectAdmin(deps.config, opts.connectTimeoutMs ?? 10_000);
    client.on('error', (e) => log.warn({ err: e.message }, 'mqtt admin connection error'));
    const dynsec = new Dynsec(client);
    try {
      await dynsec.start();
      const self = new ExternalBroker(deps, client, dynsec, log, opts);
      await self.setup().catch((e: unknown) => {
        throw new Error(
          `MQTT_URL broker: dynamic-security setup failed (${e instanceof Error ? e.message : String(e)}); ` +
            'the broker must load mosquitto_dynamic_security.so and MQTT_ADMIN_USER must be its admin (docs/broker.md)',
        );
      });
      self.ready = true;
      return self;
    } catch (e) {
      dynsec.close();
      await client.endAsync(true).catch(() => undefined);
      throw e;
    }
  }

  async publish(topic: string, payload: string): Promise<void> {
    await this.client.publishAsync(topic, payload, { qos: 1 });
  }

  async credentialsFor(principal: Principal, tokenHash: string, token: string) {
    const specs = roleSpecs(pushGrant(principal, this.deps.registry));
    await this.serialised(tokenHash, () => this.upsertSession(tokenHash, token, specs));
    return {
      url: this.deps.config.mqttPublicWsUrl ?? '',
      username: sessionUsername(tokenHash),
      password: token,
      topics: pushTopics(principal, this.deps.registry),
    };
  }

  /**
   * Ends broker access of sessions that expired; follows scope changes of live ones (org trees
   * and station lists alike: a changed role set is applied, and Mosquitto disconnects the client).
   */
  async sweep(): Promise<void> {
    for (const [tokenHash, t] of [...this.tracked]) {
      const p = await livePrincipal(this.deps, tokenHash);
      if (!p) {
        await this.serialised(tokenHash, () => this.dropSession(tokenHash));
        continue;
      }
      const specs = roleSpecs(pushGrant(p, this.deps.registry));
      const roles = specs.map((r) => r.rolename);
      if (!sameSet(roles, t.roles)) {
        await this.roles.ensureAll(specs);
        // changing roles disconnects the client; it reconnects with the same credentials
        await this.serialised(tokenHash, async () => {
          await this.dynsec.one({ command: 'modifyClient', username: t.username, roles: roles.map((rolename) => ({ rolename })) });
          this.tracked.set(tokenHash, { username: t.username, roles });
        });
      }
    }
  }

  /** Gateway logins for these stations on the broker, then the server's ingest connection. */
  async subscribeGateways(stationIds: readonly number[], onMessage: GatewayListener): Promise<void> {
    this.gatewayStations = [...stationIds];
    const done = await ensureGatewayClients(this.dynsec, SERVER_ROLE, this.deps.config.gatewaySecret, stationIds);
    this.log.info(done, 'gateway logins on the broker (kept ones stay connected)');
    this.ingest ??= connectIngest(this.deps.config, onMessage, (o, m) => this.log.warn(o, m));
  }

  /** Simulated gateways connect to MQTT_URL like real ones. */
  gatewayConnector(): GatewayConnector {
    return { kind: 'url', url: this.deps.config.mqttUrl! };
  }

  reachable = (): boolean => this.client.connected && (this.ingest?.connected ?? true);

  /** dynsec clients tracked by this process (tests, diagnostics). */
  trackedSessions(): string[] {
    return [...this.tracked.keys()];
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.timer) clearInterval(this.timer);
      this.deps.sessions.off('revoked', this.onRevoked);
      await Promise.allSettled([...this.inflight.values()]);
      if (this.ingest) await this.ingest.endAsync(true).catch(() => undefined);
      this.dynsec.close();
      await this.client.endAsync().catch(() => undefined);
    })();
    return this.closing;
  }

  // --- internals -----------------------------------------------------------------------

  /** Default ACL, the server's publish role, the org roles; then drops dead session clients. */
  private async setup(): Promise<void> {
    await this.dynsec.one(DEFAULT_ACL);
    await this.roles.ensure({ rolename: SERVER_ROLE, acls: SERVER_ACLS });
    const admin = this.deps.config.mqttAdminUser;
    if (!(await this.roles.ofClient(admin)).includes(SERVER_ROLE)) {
      // Mosquitto disconnects a client whose roles change, this one included, before it
      // answers; Dynsec resends the command after the reconnect and the repeat answers with an
      // error (the role is already there). So: send, then check.
      this.log.info({ admin }, `granting ${SERVER_ROLE} (publish ${TOPIC_ROOT}/#) to the MQTT admin user`);
      await this.dynsec.run([{ command: 'addClientRole', username: admin, rolename: SERVER_ROLE }]);
      if (!(await this.roles.ofClient(admin)).includes(SERVER_ROLE))
        throw new Error(`could not grant dynsec role ${SERVER_ROLE} to ${admin}: it cannot publish pushes`);
    }
    await this.roles.ensureAll(this.deps.registry.providerIds.map(orgRoleSpec));
    await reconcileSessions(this.dynsec, this.deps, this.tracked, this.log);
  }

  /** Everything a broker that restarted (possibly empty) needs from this server, again. */
  private async resync(): Promise<void> {
    this.roles.forget();
    await this.setup();
    if (this.gatewayStations.length) {
      await ensureGatewayClients(this.dynsec, SERVER_ROLE, this.deps.config.gatewaySecret, this.gatewayStations);
      if (this.ingest) subscribeIngest(this.ingest);
    }
    this.log.info({ gateways: this.gatewayStations.length, sessions: this.tracked.size }, 'broker reconnected: access rules and gateway logins provisioned');
  }

  private async upsertSession(tokenHash: string, token: string, specs: RoleSpec[]): Promise<void> {
    const username = sessionUsername(tokenHash);
    const roles = specs.map((r) => r.rolename);
    const known = this.tracked.get(tokenHash);
    // the roles must exist with the right ACLs even when the client is already up to date
    await this.roles.ensureAll(specs);
    if (known && sameSet(known.roles, roles)) return;
    const roleList = roles.map((rolename) => ({ rolename }));
    if (!known) {
      const note: SessionNote = { h: tokenHash, exp: this.deps.clock() + this.deps.config.sessionAbsoluteHours * 3_600_000 };
      const r = await this.dynsec.one(
        { command: 'createClient', username, password: token, textname: SESSION_TEXTNAME, textdescription: JSON.stringify(note), roles: roleList },
        ['Client already exists'],
      );
      if (!r.error) {
        this.tracked.set(tokenHash, { username, roles });
        return;
      }
      // created by an earlier run of this server: keep it unless its roles are out of date,
      // because modifying a client disconnects its open connections
      if (sameSet(await this.roles.ofClient(username), roles)) {
        this.tracked.set(tokenHash, { username, roles });
        return;
      }
    }
    await this.dynsec.one({ command: 'modifyClient', username, password: token, roles: roleList });
    this.tracked.set(tokenHash, { username, roles });
  }

  private async dropSession(tokenHash: string): Promise<void> {
    // Mosquitto disconnects every connection of a deleted client
    await this.dynsec.one({ command: 'deleteClient', username: sessionUsername(tokenHash) }, ['Client not found']);
    this.tracked.delete(tokenHash);
  }

  /** One dynsec change at a time per session, so concurrent calls never double-modify. */
  private serialised(tokenHash: string, fn: () => Promise<void>): Promise<void> {
    const prev = this.inflight.get(tokenHash) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(fn);
    this.inflight.set(tokenHash, next);
    const clear = () => {
      if (this.inflight.get(tokenHash) === next) this.inflight.delete(tokenHash);
    };
    next.then(clear, clear);
    return next;
  }

  private readonly onRevoked = (tokenHash: string): void => {
    // always try: the client may have been created by an earlier run of this server
    if (this.closing) return;
    this.serialised(tokenHash, () => this.dropSession(tokenHash)).catch((e: unknown) =>
      this.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'dynsec deleteClient failed'),
    );
  };
}
