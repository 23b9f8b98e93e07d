// Sidebar (SPEC §2): collapsible (cookie 1/0, toggle at the bottom), unique-open accordion,
// station-detail menus only on station routes, permission-filtered, highlight overrides. The menu
// itself (SidebarMenu) is also what the phone's drawer shows, always expanded.
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { selectPermissions } from '../../../streams/selectors';
import { Icon, type IconName } from '../../components/Icon';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { href, type Query } from '../../lib/paths';
import { activeMenuOf, filterMenu, groupOf, MAIN_MENU, STATION_MENU, type MenuLeaf } from '../menu';
import { route as routeOf, type RouteDef } from '../routes';

export function Sidebar({ route }: { route: RouteDef }) {
  const t = useT();
  const { store } = useRuntime();
  const open = useStoreValue((s) => s.session.sidebarOpen);
  return (
    <nav
      aria-label={t('app.sidebar.label')}
      data-testid="sidebar"
      data-open={open ? '1' : '0'}
      className={`flex shrink-0 flex-col bg-slate-900 text-slate-200 transition-[width] duration-150 dark:bg-slate-950 ${open ? 'w-56' : 'w-14'}`}
    >
      <SidebarMenu route={route} open={open} onExpand={() => store.dispatch({ type: 'ui/sidebarToggled', open: true })} />
      <button
        type="button"
        data-testid="sidebar-toggle"
        aria-label={open ? t('app.sidebar.collapse') : t('app.sidebar.expand')}
        title={open ? t('app.sidebar.collapse') : t('app.sidebar.expand')}
        onClick={() => store.dispatch({ type: 'ui/sidebarToggled', open: !open })}
        className="flex h-10 items-center justify-center border-t border-slate-800 text-slate-400 hover:bg-slate-800 hover:text-white"
      >
        <Icon name={open ? 'collapse' : 'expand'} className="size-5" />
      </button>
    </nav>
  );
}

/**
 * The menu list: `open` shows the labels (collapsed, icons only); `onExpand` is asked when a
 * group is opened while collapsed; `tall` gives each entry a finger's height (the drawer).
 */
export function SidebarMenu({ route, open, onExpand, tall = false }: { route: RouteDef; open: boolean; onExpand?: () => void; tall?: boolean }) {
  const t = useT();
  const perms = useStoreValue(selectPermissions);
  const orgType = useStoreValue((s) => s.session.profile?.orgType);
  const search = useSearch();
  const station = route.station === true;
  const menu = useMemo(() => filterMenu(station ? STATION_MENU : MAIN_MENU, perms), [station, perms]);
  const active = activeMenuOf(route.name, orgType);
  const [expanded, setExpanded] = useState<string | null>(() => groupOf(menu, active));
  useEffect(() => setExpanded(groupOf(menu, active)), [menu, active]);

  // station-detail links carry the station ids along
  const stationQuery = useMemo((): Query | undefined => {
    if (!station) return undefined;
    const q = new URLSearchParams(search);
    return { stationId: q.get('stationId'), serviceProviderId: q.get('serviceProviderId') };
  }, [station, search]);

  const linkOf = (l: MenuLeaf) => href(l.route, routeOf(l.route).station ? stationQuery : undefined);
  const h = tall ? 'h-11' : 'h-9';
  const leafClass = (on: boolean) =>
    `flex ${h} items-center gap-2.5 rounded-md px-2.5 text-sm transition-colors ${
      on ? 'bg-brand-600 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
    }`;

  return (
    <ul className="flex-1 space-y-0.5 overflow-y-auto p-2" data-testid="menu">
      {menu.map((n) => {
        if (n.kind === 'leaf') {
          const r = routeOf(n.route);
          return (
            <li key={n.route}>
              <Link
                href={linkOf(n)}
                className={leafClass(active === n.route)}
                aria-current={active === n.route ? 'page' : undefined}
                data-menu={n.route}
                title={open ? undefined : t(r.title)}
              >
                <Icon name={(n.icon ?? 'home') as IconName} className="size-5 shrink-0" />
                {open && <span className="truncate">{t(r.title)}</span>}
              </Link>
            </li>
          );
        }
        const isOpen = expanded === n.key;
        const hasActive = n.children.some((c) => c.route === active);
        return (
          <li key={n.key}>
            <button
              type="button"
              aria-expanded={isOpen}
              data-menu-group={n.key}
              title={open ? undefined : t(n.title)}
              onClick={() => {
                setExpanded(isOpen ? null : n.key);
                if (!open) onExpand?.();
              }}
              className={`flex ${h} w-full items-center gap-2.5 rounded-md px-2.5 text-left text-sm transition-colors hover:bg-slate-800 hover:text-white ${hasActive ? 'text-white' : 'text-slate-300'}`}
            >
              <Icon name={n.icon} className="size-5 shrink-0" />
              {open && (
                <>
                  <span className="flex-1 truncate">{t(n.title)}</span>
                  <Icon name="chevron" className={`size-4 transition-transform ${isOpen ? 'rotate-180' : ''}`} />
                </>
              )}
            </button>
            {open && isOpen && (
              <ul className="mt-0.5 space-y-0.5 pl-7">
                {n.children.map((c) => (
                  <li key={c.route}>
                    <Link href={linkOf(c)} className={leafClass(active === c.route)} aria-current={active === c.route ? 'page' : undefined} data-menu={c.route}>
                      <span className="truncate">{t(routeOf(c.route).title)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
