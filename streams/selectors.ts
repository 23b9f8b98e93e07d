// Selectors: plain functions of State, turned into observables with store.select(...).
import type { State } from './state';

export const selectToken = (s: State) => s.session.token;
export const selectProfile = (s: State) => s.session.profile;
export const selectCurrentOrg = (s: State) => s.session.currentOrg;
export const selectLanguage = (s: State) => s.session.language;
export const selectSidebarOpen = (s: State) => s.session.sidebarOpen;
export const selectPermissions = (s: State): ReadonlySet<string> =>
  permissionSet(s.session.profile?.permissions);
export const selectIsRootOrg = (s: State) => s.session.profile?.orgType === 1;
export const selectOrgList = (s: State) => s.session.orgs.ids.map((id) => s.session.orgs.byId[id]!);
export const selectBadge = (s: State) => s.alarms.badge;
export const selectMessage = (s: State) => s.message;
export const selectLoading = (s: State) => s.loading > 0;
export const selectStation = (s: State) => s.station;
export const selectPopups = (s: State) => s.popups;
export const selectConnection = (s: State) => s.connection;
export const selectAlarmIds = (s: State) => s.alarms.ids;
export const selectAlarmById = (id: number) => (s: State) => s.alarms.byId[id];

// permissions arrays are replaced wholesale by reducers, so memoise on identity
let lastPerms: unknown = null;
let lastSet: ReadonlySet<string> = new Set();
function permissionSet(list: { permission: string }[] | undefined): ReadonlySet<string> {
  if (list === lastPerms) return lastSet;
  lastPerms = list;
  lastSet = new Set((list ?? []).map((p) => p.permission));
  return lastSet;
}
