import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Suspense, useState } from 'react';
import { TwoFactorDialog } from '../../features/auth/TwoFactorDialog';
import { Icon } from '../../components/Icon';
import { useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';

export function UserMenu({ onChangePassword, onLogout }: { onChangePassword: () => void; onLogout: () => void }) {
  const t = useT();
  const name = useStoreValue((s) => s.session.profile?.name ?? '');
  const [twoFactor, setTwoFactor] = useState(false);
  const item = 'block w-full rounded px-2 py-1.5 text-left data-focus:bg-slate-100 dark:data-focus:bg-slate-700';
  return (
    <>
      <Menu as="div" className="relative">
        <MenuButton data-testid="user-menu" aria-label={t('app.userMenu')} className="inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm hover:bg-slate-200/60 dark:hover:bg-slate-700/60">
          <Icon name="user" className="size-4" />
          <span className="max-w-32 truncate">{name}</span>
          <Icon name="chevron" className="size-3.5" />
        </MenuButton>
        <MenuItems anchor="bottom end" className="z-50 mt-1 w-44 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-800">
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
      {twoFactor && <Suspense fallback={null}><TwoFactorDialog open onClose={() => setTwoFactor(false)} /></Suspense>}
    </>
  );
}
