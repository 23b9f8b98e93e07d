// Which provider the monitoring screens and the homepage read. A root (orgType 1) user reads
// the provider picked in the selector, or the whole scope while the root org itself is current;
// everyone else reads their whole scope (the server narrows it), so no orgId is sent.
import type { State } from '../state';

export function scopeOrgId(s: State): number | undefined {
  const p = s.session.profile;
  const cur = s.session.currentOrg;
  if (!p || p.orgType !== 1 || !cur || cur.id === p.orgId) return undefined;
  return cur.id;
}
