// The organisation the shell's own reads are for (the alarm badge, the maintenance windows).
import type { State } from '../state';

/**
 * The current org's id; null when signed out, and for a root (orgType 1) user while the current
 * org is not yet one of the loaded providers: at sign-in that user's org is the platform's until
 * the provider list arrives and the first provider is picked, and reading the platform's
 * alarms and windows then would be a read thrown away a moment later.
 */
export function shellOrgId(s: State): number | null {
  const { token, profile, currentOrg, orgs } = s.session;
  if (!token || !currentOrg) return null;
  if (profile?.orgType === 1 && !orgs.byId[currentOrg.id]) return null;
  return currentOrg.id;
}
