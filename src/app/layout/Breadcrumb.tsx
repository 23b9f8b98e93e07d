// Breadcrumb (SPEC §2): Home links to the homepage index with customerId (absent for orgType 1,
// otherwise the current organisation id), then the menu group, then the route.
import { Link } from 'wouter';
import { href } from '../../lib/paths';
import { useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { MAIN_MENU, STATION_MENU } from '../menu';
import type { RouteDef } from '../routes';

export const homeHref = (orgType: number | undefined, orgId: number | undefined): string =>
  href('homepage.index', orgType === 1 ? undefined : { customerId: orgId });

export function Breadcrumb({ route }: { route: RouteDef }) {
  const t = useT();
  const orgType = useStoreValue((s) => s.session.profile?.orgType);
  const orgId = useStoreValue((s) => s.session.currentOrg?.id ?? s.session.profile?.orgId);
  const target = route.activeMenu ?? route.name;
  const group = [...MAIN_MENU, ...STATION_MENU].find((n) => n.kind === 'group' && n.children.some((c) => c.route === target));
  return (
    <nav aria-label={t('breadcrumb.label')} data-testid="breadcrumb">
      <ol className="flex items-center gap-1.5 text-sm text-slate-500 dark:text-slate-400">
        <li>
          <Link href={homeHref(orgType, orgId)} className="hover:text-brand-600" data-testid="breadcrumb-home">
            {t('breadcrumb.home')}
          </Link>
        </li>
        {group?.kind === 'group' && (
          <>
            <li aria-hidden="true">/</li>
            <li>{t(group.title)}</li>
          </>
        )}
        {route.name !== 'homepage.index' && (
          <>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="font-medium text-slate-800 dark:text-slate-100">
              {t(route.title)}
            </li>
          </>
        )}
      </ol>
    </nav>
  );
}
