// Header (SPEC §1): logo, platform name, station name (station pages), alarm badge, sound
// state, language switch, theme, the clock setting (docs/time.md) and the user menu. On a phone
// it condenses to the menu button, the page's title, the alarm badge and the user menu; the
// display settings move into the drawer (see Drawer).
import { Link } from 'wouter';
import { ROOT_HREF } from '../../lib/paths';
import { AlarmBadge } from '../../features/alarms/popups/AlarmBadge';
import { SoundToggle } from '../../features/alarms/popups/SoundToggle';
import { LanguageSwitch } from '../../features/auth/LanguageSwitch';
import { Icon } from '../../components/Icon';
import { ZoneSwitch } from '../../components/ZoneSwitch';
import { useStoreValue } from '../../hooks/runtime';
import { useZoneMode } from '../../hooks/useZoneMode';
import { useT } from '../../hooks/useT';
import { viewerZone } from '../../../protocol/site-time';
import type { RouteDef } from '../routes';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';

const bar = 'flex h-12 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4 dark:border-slate-800 dark:bg-slate-900';

export function Header({
  route,
  phone = false,
  onMenu,
  onChangePassword,
  onLogout,
}: {
  route: RouteDef;
  /** the phone's condensed header, with the menu button */
  phone?: boolean;
  onMenu?: () => void;
  onChangePassword: () => void;
  onLogout: () => void;
}) {
  const t = useT();
  const logo = useStoreValue((s) => s.session.profile?.orgLogoUrl ?? null);
  const platform = useStoreValue((s) => s.session.profile?.platform || '');
  const station = useStoreValue((s) => s.station);
  const [zoneMode, setZoneMode] = useZoneMode();
  if (phone)
    return (
      <header className={`${bar} gap-1 pr-1 pl-1`} data-phone>
        <button
          type="button"
          data-testid="menu-open"
          aria-label={t('app.sidebar.open')}
          title={t('app.sidebar.open')}
          onClick={onMenu}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-slate-200/60 dark:hover:bg-slate-700/60"
        >
          <Icon name="menu" className="size-5" />
        </button>
        <p className="min-w-0 flex-1 truncate text-base font-semibold" data-testid="header-title">
          {t(route.title)}
        </p>
        <div className="flex shrink-0 items-center [&_a]:size-11">
          <AlarmBadge />
          <UserMenu compact onChangePassword={onChangePassword} onLogout={onLogout} />
        </div>
      </header>
    );
  return (
    <header className={bar}>
      <Link href={ROOT_HREF} className="flex items-center gap-2" data-testid="header-home">
        <img
          src={logo || '/img/logo.svg'}
          alt=""
          width={26}
          height={26}
          className="size-6.5 rounded"
          onError={(e) => ((e.target as HTMLImageElement).src = '/img/logo.svg')}
        />
        <span className="text-base font-semibold whitespace-nowrap" data-testid="platform-name">
          {platform || t('app.platformName')}
        </span>
      </Link>
      {route.station && station.show && station.name && (
        <span
          className="truncate border-l border-slate-200 pl-3 text-sm font-medium text-slate-600 dark:border-slate-700 dark:text-slate-300"
          data-testid="header-station"
        >
          {station.name}
        </span>
      )}
      <div className="ml-auto flex items-center gap-1">
        <SoundToggle />
        <AlarmBadge />
        <LanguageSwitch />
        <ThemeToggle />
        <ZoneSwitch mode={zoneMode} viewerZone={viewerZone()} t={t} onChange={setZoneMode} />
        <UserMenu onChangePassword={onChangePassword} onLogout={onLogout} />
      </div>
    </header>
  );
}
