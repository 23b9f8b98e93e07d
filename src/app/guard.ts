// The routing rules of SPEC §2 as one pure function: where does a navigation end up?
import { href, PATHS } from '../lib/paths';
import { GROUP_REDIRECTS, PUBLIC_ROUTE_NAMES, ROOT_PREFERENCE } from './routeLists';
import { route as routeOf, routeByPath, type RouteDef } from './routes';

export interface NavInput {
  pathname: string;
  /** query string without '?' */
  search: string;
  hash?: string;
  token: string | null;
  /** the menu (route access) has been built from a profile */
  menuBuilt: boolean;
  permissions: ReadonlySet<string>;
  /** query of the previous route, for station-detail ids */
  prevSearch: string | null;
  /** session-storage stationId / serviceProviderId */
  stored: { stationId: string | null; serviceProviderId: string | null };
}

export type NavDecision =
  | { kind: 'redirect'; to: string }
  /** a session exists but route access is not built yet: load the profile first */
  | { kind: 'wait' }
  | { kind: 'render'; route: RouteDef; stationMissing?: boolean };

export const isPublic = (r: RouteDef): boolean => PUBLIC_ROUTE_NAMES.includes(r.name);
export const isPermitted = (r: RouteDef, perms: ReadonlySet<string>): boolean => r.permission === null || r.permission === undefined || perms.has(r.permission);

/** Only same-origin absolute paths are honoured as redirect targets. */
export const safeRedirect = (v: string | null): string | null => (v && v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\') ? v : null);

export const rootTarget = (perms: ReadonlySet<string>): string | null => {
  for (const name of ROOT_PREFERENCE) {
    const r = routeOf(name);
    if (isPermitted(r, perms)) return r.path;
  }
  return null;
};

const STATION_KEYS = ['stationId', 'serviceProviderId'] as const;

export function decide(n: NavInput): NavDecision {
  const qs = n.search ? `?${n.search}` : '';
  const full = n.pathname + qs + (n.hash ?? '');
  const path = n.pathname.length > 1 ? n.pathname.replace(/\/+$/, '') : n.pathname;
  const toLogin = (): NavDecision => ({ kind: 'redirect', to: href('login', { redirect: full }) });

  // '/' -> the first preferred route the user may open (SPEC §2 "/ redirects to /homepage")
  if (path === '/') {
    if (!n.token) return toLogin();
    if (!n.menuBuilt) return { kind: 'wait' };
    return { kind: 'redirect', to: (rootTarget(n.permissions) ?? PATHS['404']) + qs };
  }
  const group = GROUP_REDIRECTS[path];
  if (group) {
    const first = group.map(routeOf).find((x) => !n.menuBuilt || isPermitted(x, n.permissions)) ?? routeOf(group[0]);
    return { kind: 'redirect', to: first.path + qs };
  }
  const route = routeByPath.get(path);
  if (!route) return { kind: 'redirect', to: PATHS['404'] };

  const params = new URLSearchParams(n.search);
  if (isPublic(route)) {
    if (route.name === 'login' && n.token) return { kind: 'redirect', to: safeRedirect(params.get('redirect')) ?? '/' };
    return { kind: 'render', route };
  }
  if (!n.token) return toLogin();
  if (!n.menuBuilt) return { kind: 'wait' };
  if (!isPermitted(route, n.permissions)) return { kind: 'redirect', to: PATHS['404'] };

  if (route.station && STATION_KEYS.some((k) => !params.get(k))) {
    const prev = new URLSearchParams(n.prevSearch ?? '');
    const next = new URLSearchParams(params);
    for (const k of STATION_KEYS) {
      const v = params.get(k) || prev.get(k) || n.stored[k];
      if (v) next.set(k, v);
    }
    if (STATION_KEYS.every((k) => next.get(k))) return { kind: 'redirect', to: `${route.path}?${next.toString()}${n.hash ?? ''}` };
    return { kind: 'render', route, stationMissing: true };
  }
  return { kind: 'render', route };
}
