// Who may read which push topics, and whether a session is still alive. Shared by the
// embedded (Aedes) and the external (Mosquitto dynamic-security) broker so both enforce the
// same rules. See docs/broker.md.
import { orgAlarmTopic, TOPIC_ROOT } from '../../protocol/push';
import { loadPrincipal } from '../auth/sessions';
import { Scope, type Principal } from '../auth/scope';
import type { Registry } from '../registry';
import type { Services } from '../services';

/**
 * Org ids whose topic tree (`ems/org/<id>/…`) a principal may subscribe to.
 * - orgType 1 (platform): every service provider.
 * - a service provider account with org-wide data scope: its provider.
 * - a customer account with org-wide data scope: its own customer org (publishers send a
 *   station's alarm to its provider's AND its customer's topic, see `alarmTopicsForStation`).
 * - station-scoped accounts: none. An org topic carries every station of the org, which such
 *   an account must not see; they rely on the polled alarm list until per-station topics exist.
 */
export const pushOrgIds = (p: Principal, reg: Registry): number[] => {
  if (p.dataScope === 'stations') return [];
  if (p.orgType === 1 || p.orgType === 2) return new Scope(p, reg).providerIds();
  return reg.orgs.get(p.orgId)?.orgType === 3 ? [p.orgId] : [];
};

/** The alarm topics a station's alarm is published to: its provider's and its customer's. */
export const alarmTopicsForStation = (reg: Registry, stationId: number): string[] => {
  const s = reg.stations.get(stationId);
  if (!s) return [];
  return s.customerId && s.customerId !== s.providerId
    ? [orgAlarmTopic(s.providerId), orgAlarmTopic(s.customerId)]
    : [orgAlarmTopic(s.providerId)];
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

export const maySubscribe = (filter: string, orgIds: readonly number[]): boolean => {
  const org = filterOrg(filter);
  return org !== null && orgIds.includes(org);
};

type SessionRow = { account_id: number; expires_at: Date; last_seen_at: Date; revoked_at: Date | null };

/**
 * The principal of a live session by token hash, without extending its idle time. The session
 * cache answers normally; after a cache drop (role or scope change) the sessions table does,
 * with the same idle/absolute rules as `Sessions.resolve`.
 */
export const livePrincipal = async (services: Services, tokenHash: string): Promise<Principal | null> => {
  const cached = services.sessions.peek(tokenHash);
  if (cached) return cached;
  const [row] = await services.db.query<SessionRow>(
    'SELECT account_id, expires_at, last_seen_at, revoked_at FROM sessions WHERE token_hash = $1',
    [tokenHash],
  );
  if (!row || row.revoked_at) return null;
  const now = services.clock();
  const idleMs = services.config.sessionIdleMinutes * 60_000;
  if (now >= row.expires_at.getTime() || now - row.last_seen_at.getTime() >= idleMs) return null;
  const p = await loadPrincipal(services.db, row.account_id);
  return p && p.status === 1 ? p : null;
};

/** Which of these token hashes the sessions table knows at all (live or not). */
export const knownSessions = async (services: Services, tokenHashes: string[]): Promise<Set<string>> => {
  if (tokenHashes.length === 0) return new Set();
  const rows = await services.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE token_hash = ANY($1)', [
    tokenHashes,
  ]);
  return new Set(rows.map((r) => r.token_hash));
};

export const sameSet = (a: readonly (string | number)[], b: readonly (string | number)[]): boolean => {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x));
};
