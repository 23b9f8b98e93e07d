import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Suspense, useState } from 'react';
import { TwoFactorDialog } from '../../features/auth/TwoFactorDialog';
import { Icon } from '../../components/Icon';
import { useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { href } from '../../lib/paths';
import { Link } from 'wouter';

/** `compact`: the icon alone, a finger's size (the phone's header), the name inside the menu. */
export function UserMenu({ compact = false, onChangePassword, onLogout }: { compact?: boolean; onChangePassword: () => void; onLogout: () => void }) {
  const t = useT();
  const name = useStoreValue((s) => s.session.profile?.name ?? '');
  const [twoFactor, setTwoFactor] = useState(false);
  const item = `block w-full rounded px-2 text-left data-focus:bg-slate-100 dark:data-focus:bg-slate-700 ${compact ? 'min-h-11' : 'py-1.5'}`;
  return (
    <>
      <Menu as="div" className="relative">
        {/* named by what it shows (the user's name) and then what it is: a spoken command that says
            the visible name finds it (WCAG 2.5.3); on a phone only the icon shows, so the name is spoken */}
        <MenuButton
          data-testid="user-menu"
          className={`inline-flex items-center gap-1.5 rounded-md text-sm hover:bg-slate-200/60 dark:hover:bg-slate-700/60 ${compact ? 'size-11 justify-center' : 'h-8 px-2'}`}
        >
          <Icon name="user" className={compact ? 'size-5' : 'size-4'} />
          <span className={compact ? 'sr-only' : 'max-w-32 truncate'}>{name}</span>
          <span className="sr-only">{t('app.userMenu')}</span>
          {!compact && <Icon name="chevron" className="size-3.5" />}
        </MenuButton>
        <MenuItems
          anchor="bottom end"
          className="z-50 mt-1 w-44 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-800"
        >
          {compact && name && (
            <div className="truncate border-b border-slate-200 px-2 py-2 font-medium dark:border-slate-700" data-testid="menu-user-name">
              {name}
            </div>
          )}
          <MenuItem>
            {/* one's own alarm notification rules, whatever one's role: a field technician sets them too */}
            <Link href={href('alarm.notifications')} className={item} data-testid="menu-notifications">
              {t('app.notifications')}
            </Link>
          </MenuItem>
          <MenuItem>
            <Link href={href('account.apiTokens')} className={item} data-testid="menu-api-tokens">
              {t('app.apiTokens')}
            </Link>
          </MenuItem>
          <MenuItem>
            <button type="button" className={item} onClick={onChangePassword} data-testid="menu-change-password">
              {t('app.changePassword')}
            </button>
          </MenuItem>
          <MenuItem>
            <button type="button" className={item} onClick={() => setTwoFactor(true)} data-testid="menu-two-factor">
              {t('app.twoFactor')}
            </button>
          </MenuItem>
          <MenuItem>
            <button type="button" className={item} onClick={onLogout} data-testid="menu-logout">
              {t('app.logout')}
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
      {/* its texts load when first opened, so the header never waits for them */}
      {twoFactor && (
        <Suspense fallback={null}>
          <TwoFactorDialog open onClose={() => setTwoFactor(false)} />
        </Suspense>
      )}
    </>
  );
}
