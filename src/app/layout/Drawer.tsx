// The phone's menu (below 640 px): the sidebar's menu as a drawer from the left, opened by the
// header's menu button. Headless UI's dialog traps focus while it is open, closes on Escape and
// on a tap on the backdrop, and gives focus back to the menu button; the layout closes it after
// a navigation. The header's display settings (language, theme, clock, sound) live at its foot,
// since a 390 px header has room for the title and the alarm badge only.
import { Dialog, DialogPanel } from '@headlessui/react';
import { Icon } from '../../components/Icon';
import { ZoneSwitch } from '../../components/ZoneSwitch';
import { SoundToggle } from '../../features/alarms/popups/SoundToggle';
import { LanguageSwitch } from '../../features/auth/LanguageSwitch';
import { useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { useZoneMode } from '../../hooks/useZoneMode';
import { viewerZone } from '../../../protocol/site-time';
import type { RouteDef } from '../routes';
import { SidebarMenu } from './Sidebar';
import { ThemeToggle } from './ThemeToggle';

export function Drawer({ route, open, onClose }: { route: RouteDef; open: boolean; onClose: () => void }) {
  const t = useT();
  const platform = useStoreValue((s) => s.session.profile?.platform || '');
  const [zoneMode, setZoneMode] = useZoneMode();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/50" aria-hidden="true" data-testid="drawer-backdrop" />
      <DialogPanel
        as="nav"
        aria-label={t('app.sidebar.label')}
        data-testid="drawer"
        className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-slate-900 text-slate-200 shadow-xl dark:bg-slate-950"
      >
        <div className="flex h-12 shrink-0 items-center gap-2 border-b border-slate-800 pr-1 pl-4">
          <span className="min-w-0 flex-1 truncate text-base font-semibold text-white">{platform || t('app.platformName')}</span>
          <button
            type="button"
            data-testid="drawer-close"
            aria-label={t('app.sidebar.close')}
            onClick={onClose}
            className="inline-flex size-11 items-center justify-center rounded-md text-slate-300 hover:bg-slate-800 hover:text-white"
          >
            <Icon name="close" className="size-5" />
          </button>
        </div>
        <SidebarMenu route={route} open tall />
        <div
          role="group"
          aria-label={t('app.sidebar.display')}
          className="flex flex-wrap items-center gap-2 border-t border-slate-800 p-3 text-slate-200 [&>*]:h-11 [&>*>button]:h-full [&>button]:min-w-11"
          data-testid="drawer-settings"
        >
          <LanguageSwitch />
          <ThemeToggle />
          <SoundToggle />
          <ZoneSwitch mode={zoneMode} viewerZone={viewerZone()} t={t} onChange={setZoneMode} />
        </div>
      </DialogPanel>
    </Dialog>
  );
}
