// Who may read which push topics, and whether a session is still alive. Shared by the
// embedded (Aedes) and the external (Mosquitto dynamic-security) broker so both enforce the
// same rules. See docs/broker.md.
import { orgAlarmTopic, parseStationAlarmTopic, stationAlarmTopic, TOPIC_ROOT } from '../../protocol/push';
import { loadPrincipal } from '../auth/sessions';
import { Scope, type Principal } from '../auth/scope';
import type { Registry } from '../registry';
import type { BrokerDeps } from './types';

/** The filter granting an org's whole topic tree. */
export const orgTreeFilter = (orgId: number): string => `${TOPIC_ROOT}/org/${orgId}/#`;

/**
 * What a principal may read from the push broker.
 * - `orgIds`: org trees (`ems/org/<id>/…`, wildcards inside the tree allowed).
 *   orgType 1 (platform): every service provider. A service provider account with org-wide data
 *   scope: its provider. A customer account with org-wide data scope: its own customer org
 *   (a station's alarm is published on its provider's AND its customer's topic).
 * - `stations`: single station alarm topics, for station-scoped accounts
 *   (`dataScope === 'stations'`). They get no org tree, because an org topic carries every
 *   station of the org; only the exact topic of each station in their scope, no wildcards.
 */
export interface PushGrant {
  orgIds: readonly number[];
  stations: readonly { providerId: number; stationId: number }[];
}

export const pushGrant = (p: Principal, reg: Registry): PushGrant => {
  if (p.dataScope === 'stations') {
    const scope = new Scope(p, reg);
    const stations: { providerId: number; stationId: number }[] = [];
    for (const stationId of new Set(p.scopeStationIds)) {
      const s = reg.stations.get(stationId);
      if (s && scope.hasStation(stationId)) stations.push({ providerId: s.providerId, stationId });
    }
    return { orgIds: [], stations };
  }
  if (p.orgType === 1 || p.orgType === 2) return { orgIds: new Scope(p, reg).providerIds(), stations: [] };
  return { orgIds: reg.orgs.get(p.orgId)?.orgType === 3 ? [p.orgId] : [], stations: [] };
};

/**
 * The topic filters a principal may subscribe to: `ems/org/<id>/#` per org tree, and the exact
 * `ems/org/<pid>/station/<sid>/alarm` per station of a station-scoped account. `maySubscribe`
 * admits a filter covered by one of them.
 */
export const pushFilters = (p: Principal, reg: Registry): string[] => {
  const g = pushGrant(p, reg);
  return [...g.orgIds.map(orgTreeFilter), ...g.stations.map((s) => stationAlarmTopic(s.providerId, s.stationId))];
};

/** The alarm topics the console subscribes to (`queryPushCredentials` → `topics`). */
export const pushTopics = (p: Principal, reg: Registry): string[] => {
  const g = pushGrant(p, reg);
  return [...g.orgIds.map(orgAlarmTopic), ...g.stations.map((s) => stationAlarmTopic(s.providerId, s.stationId))];
};

/**
 * The alarm topics a station's alarm is published to: its provider's, its customer's (when the
 * station belongs to a customer) and the station's own (read by station-scoped accounts).
 */
export const alarmTopicsForStation = (reg: Registry, stationId: number): string[] => {
  const s = reg.stations.get(stationId);
  if (!s) return [];
  const out = [orgAlarmTopic(s.providerId)];
  if (s.customerId && s.customerId !== s.providerId) out.push(orgAlarmTopic(s.customerId));
  out.push(stationAlarmTopic(s.providerId, s.id));
  return out;
};

const ORG_FILTER = new RegExp(`^${TOPIC_ROOT}/org/([1-9]\\d{0,9})/(.+)$`);

/**
 * The org a subscription filter stays inside, or null when it reaches beyond one org's tree.
 * Accepted: `ems/org/<id>/<levels>` where every level is a plain name or `+`, and `#` only as
 * the whole last level. Everything else (`#`, `+/…`, `ems/org/+/…`, `$SYS/…`, `$share/…`,
 * empty levels) is refused.
 */
export const filterOrg = (filter: string): number | null => {
  const m = ORG_FILTER.exec(filter);
  if (!m) return null;
  const levels = m[2]!.split('/');
  for (let i = 0; i < levels.length; i++) {
    const l = levels[i]!;
    if (l === '+') continue;
    if (l === '#') {
      if (i !== levels.length - 1) return null;
      continue;
    }
    if (l === '' || l.includes('+') || l.includes('#') || l.includes('\u0000')) return null;
  }
  return Number(m[1]);
};

/**
 * Whether `filter` may be subscribed to under the granted filters (`pushFilters`): inside a
 * granted org tree (`ems/org/<id>/#`), or exactly a granted station topic. A station grant
 * admits nothing else: no `+`, no `#`, no other station.
 */
export const maySubscribe = (filter: string, granted: readonly string[]): boolean => {
  const org = filterOrg(filter);
  if (org === null) return false;
  if (granted.includes(orgTreeFilter(org))) return true;
  return parseStationAlarmTopic(filter) !== null && granted.includes(filter);
};

type SessionRow = { account_id: number; expires_at: Date; last_seen_at: Date; revoked_at: Date | null };

/**
 * The principal of a live session by token hash, without extending its idle time. The session
 * cache answers normally; after a cache drop (role or scope change) the sessions table does,
 * with the same idle/absolute rules as `Sessions.resolve`.
 */
export const livePrincipal = async (services: Pick<BrokerDeps, 'sessions' | 'db' | 'clock' | 'config'>, tokenHash: string): Promise<Principal | null> => {
  const cached = services.sessions.peek(tokenHash);
  if (cached) return cached;
  const [row] = await services.db.query<SessionRow>('SELECT account_id, expires_at, last_seen_at, revoked_at FROM sessions WHERE token_hash = $1', [tokenHash]);
  if (!row || row.revoked_at) return null;
  const now = services.clock();
  const idleMs = services.config.sessionIdleMinutes * 60_000;
  if (now >= row.expires_at.getTime() || now - row.last_seen_at.getTime() >= idleMs) return null;
  const p = await loadPrincipal(services.db, row.account_id);
  return p && p.status === 1 ? p : null;
};

/** Which of these token hashes the sessions table knows at all (live or not). */
export const knownSessions = async (services: Pick<BrokerDeps, 'db'>, tokenHashes: string[]): Promise<Set<string>> => {
  if (tokenHashes.length === 0) return new Set();
  const rows = await services.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE token_hash = ANY($1)', [tokenHashes]);
  return new Set(rows.map((r) => r.token_hash));
};

export const sameSet = (a: readonly (string | number)[], b: readonly (string | number)[]): boolean => {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x));
};
