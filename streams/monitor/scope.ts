// Which provider the monitoring screens and the homepage read. A root (orgType 1) user reads
// the provider picked in the selector (the shell picks the first one once the org list has
// loaded); everyone else reads their whole scope (the server narrows it), so no orgId is sent.
import { orgSettling } from '../session/shellOrg';
import type { State } from '../state';

/** Provider to send as orgId, or undefined for the whole scope. */
export function scopeOrgId(s: State): number | undefined {
  const p = s.session.profile;
  const cur = s.session.currentOrg;
  if (!p || p.orgType !== 1 || !cur || cur.id === p.orgId) return undefined;
  return cur.id;
}

/**
 * -1 while the scope is still settling (a root user's current org is not yet one of the loaded
 * providers: it is about to switch to one), 0 for the whole scope, else the provider id. Screens
 * wait for ≥ 0 so they do not load the whole fleet and then reload one provider.
 */
export function scopeCode(s: State): number {
  const p = s.session.profile;
  if (!p || orgSettling(s)) return -1;
  return scopeOrgId(s) ?? 0;
}
