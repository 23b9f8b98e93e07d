// Top navbar (SPEC §2): breadcrumb, the provider selector where allowed, change password, log out.
import { useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import type { RouteName } from '../../lib/paths';
import { PROVIDER_SELECTOR_ROUTES } from '../routeLists';
import type { RouteDef } from '../routes';
import { Breadcrumb } from './Breadcrumb';
import { ProviderSelector } from './ProviderSelector';

export const showsProviderSelector = (routeName: RouteName, orgType: number | undefined): boolean => orgType === 1 && PROVIDER_SELECTOR_ROUTES.has(routeName);

export function Navbar({
  route,
  onReload,
  onChangePassword,
  onLogout,
}: {
  route: RouteDef;
  onReload: () => void;
  onChangePassword: () => void;
  onLogout: () => void;
}) {
  const t = useT();
  const orgType = useStoreValue((s) => s.session.profile?.orgType);
  const link = 'hidden text-sm text-slate-500 hover:text-brand-600 sm:inline dark:text-slate-400';
  const selector = showsProviderSelector(route.name, orgType);
  // on a phone the header names the page and the user menu holds these two: the bar stays only
  // for the provider selector
  return (
    <div
      className={`${selector ? 'flex' : 'hidden sm:flex'} h-11 shrink-0 items-center gap-3 border-b border-slate-200 bg-white/70 px-2 sm:px-4 dark:border-slate-800 dark:bg-slate-900/70`}
      data-testid="navbar"
    >
      <div className="hidden min-w-0 sm:block">
        <Breadcrumb route={route} />
      </div>
      <div className="ml-auto flex min-w-0 items-center gap-3">
        {selector && <ProviderSelector onReload={onReload} />}
        <button type="button" className={link} onClick={onChangePassword} data-testid="navbar-change-password">
          {t('app.changePassword')}
        </button>
        <button type="button" className={link} onClick={onLogout} data-testid="navbar-logout">
          {t('app.logout')}
        </button>
      </div>
    </div>
  );
}
