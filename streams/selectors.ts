// Selectors: plain functions of State, turned into observables with store.select(...).
import type { State } from './state';

export const selectLanguage = (s: State) => s.session.language;
export const selectPermissions = (s: State): ReadonlySet<string> => permissionSet(s.session.profile?.permissions);
export const selectIsRootOrg = (s: State) => s.session.profile?.orgType === 1;
export const selectOrgList = (s: State) => s.session.orgs.ids.map((id) => s.session.orgs.byId[id]!);
export const selectBadge = (s: State) => s.alarms.badge;
export const selectMessage = (s: State) => s.message;
export const selectLoading = (s: State) => s.loading > 0;
export const selectConnection = (s: State) => s.connection;

// permissions arrays are replaced wholesale by reducers, so memoise on identity
let lastPerms: unknown = null;
let lastSet: ReadonlySet<string> = new Set();
function permissionSet(list: { permission: string }[] | undefined): ReadonlySet<string> {
  if (list === lastPerms) return lastSet;
  lastPerms = list;
  lastSet = new Set((list ?? []).map((p) => p.permission));
  return lastSet;
}
