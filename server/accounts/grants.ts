// What a manager may give and to whom: no permission one lacks, no data scope wider than one's
// own, no account more privileged than oneself (docs/accounts.md).
import type { FieldIssue } from '../../protocol/envelope';
import type { Principal, Scope } from '../auth/scope';
import type { Registry } from '../registry';
import { fail, invalid } from '../api/errors';
import { stationOfOrg } from './org-scope';
import type { AccountRec } from './records';

/** One cannot grant a permission one lacks. */
export const assertHolds = (me: Principal, permissions: readonly string[]): void => {
  const missing = permissions.filter((p) => !me.permissions.has(p));
  if (missing.length > 0) fail('forbidden', { missing });
};

/** One cannot give a data scope wider than one's own: a station-scoped manager gives station lists only. */
export const assertDataGrant = (me: Principal, dataScope: 'org' | 'stations'): void => {
  if (me.dataScope === 'stations' && dataScope === 'org') fail('forbidden', { field: 'dataScope' });
};

/** One manages only accounts no more privileged than oneself (permissions and data scope). */
export const assertDominates = (me: Principal, t: AccountRec): void => {
  if (t.userId === me.accountId) return;
  assertHolds(me, t.rolePermissions);
  if (me.dataScope === 'stations' && (t.dataScope === 'org' || t.scopeStationIds.some((s) => !me.scopeStationIds.includes(s)))) fail('forbidden');
};

export const notSelf = (me: Principal, userId: number): void => {
  if (userId === me.accountId) fail('conflict', { reason: 'self' });
};

/** The station list an account ends up with; validates it against the manager's scope and the org. */
export const checkStations = (reg: Registry, scope: Scope, orgId: number, dataScope: 'org' | 'stations', ids: readonly number[]): number[] => {
  if (dataScope === 'org') return [];
  const unique = [...new Set(ids)];
  if (unique.length === 0) invalid([{ path: 'scopeStationIds', issue: 'tooSmall', limit: 1 }]);
  const issues: FieldIssue[] = [];
  ids.forEach((sid, i) => {
    if (!scope.hasStation(sid) || !stationOfOrg(reg, orgId, sid)) issues.push({ path: `scopeStationIds.${i}`, issue: 'stationScope' });
  });
  if (issues.length > 0) invalid(issues);
  return unique.sort((a, b) => a - b);
};
