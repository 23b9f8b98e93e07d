// Which org a signed-in user's reads are for while a root (orgType 1) user's provider is picked.
import type { State } from '../state';

/**
 * Whether a root user's current org is not yet one of the loaded providers: at sign-in it is the
 * platform's own until the provider list arrives and the first provider is picked, so whatever
 * is read for it then is thrown away a moment later.
 */
export function orgSettling(s: State): boolean {
  const { profile, currentOrg, orgs } = s.session;
  return profile?.orgType === 1 && !(currentOrg && orgs.byId[currentOrg.id]);
}

/** The org the shell's own reads (alarm badge, maintenance windows) are for; null when signed out or settling. */
export function shellOrgId(s: State): number | null {
  const { token, currentOrg } = s.session;
  if (!token || !currentOrg || orgSettling(s)) return null;
  return currentOrg.id;
}
