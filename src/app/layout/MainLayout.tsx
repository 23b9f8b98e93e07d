// The signed-in layouts (SPEC §2): main and station (sidebar, header, optional navbar, station
// info bar) and wall (no chrome); the matched route's page renders inside. Below 640 px the
// sidebar is a drawer behind the header's menu button, closed again by any navigation.
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { loadOrgs, loadStationInfo, logout } from '../../../streams/session/commands';
import { AlarmPopups } from '../../features/alarms/popups/AlarmPopups';
import { soundBank } from '../../features/alarms/popups/sound';
import { ChangePasswordDialog } from '../../features/auth/ChangePasswordDialog';
import { StationMissing } from '../../features/placeholder/StationMissing';
import { usePhone } from '../../hooks/usePhone';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { RoutePage } from '../RoutePage';
import type { Layout, RouteDef } from '../routes';
import { ConnectionBanner } from './ConnectionBanner';
import { Drawer } from './Drawer';
import { Header } from './Header';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { StationInfoBar } from './StationInfoBar';

interface Props {
  route: RouteDef;
  layout: Exclude<Layout, 'bare'>;
  stationMissing: boolean;
}

export default function MainLayout({ route, layout, stationMissing }: Props) {
  const t = useT('alarms', 'auth');
  const rt = useRuntime();
  const { api, store, storages } = rt;
  const [pwOpen, setPwOpen] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const orgType = useStoreValue((s) => s.session.profile?.orgType);
  const search = useSearch();
  const [location] = useLocation();
  const phone = usePhone();
  const [drawer, setDrawer] = useState(false);
  // a navigation (a menu entry, a link, back) closes the drawer, and so does growing past a phone
  useEffect(() => setDrawer(false), [location, search, phone]);
  const stationId = route.station ? Number(new URLSearchParams(search).get('stationId')) || null : null;

  useEffect(() => {
    void loadOrgs(api, store);
  }, [api, store, orgType]);

  useEffect(() => {
    if (stationId) void loadStationInfo(api, store, stationId);
    else store.dispatch({ type: 'station/left' });
  }, [api, store, stationId]);

  const onLogout = useCallback(() => {
    void logout({
      ...rt,
      clearCaches: () => {
        soundBank.stopAll();
        storages.session.remove('stationId');
        storages.session.remove('serviceProviderId');
      },
    });
  }, [rt, storages]);
  const onChangePassword = useCallback(() => setPwOpen(true), []);
  const onReload = useCallback(() => setReloadKey((k) => k + 1), []);

  const view = stationMissing ? <StationMissing /> : <RoutePage route={route} />;

  // Wall screen: the homepage with ?wall=1 has no chrome and a dark high-contrast theme
  // (`&theme=light` for a bright room); the page lays itself out to fill the screen exactly
  // (features/home/wall.css), so the main area never scrolls. The connection banner stays as
  // the offline banner.
  if (layout === 'wall') {
    const light = new URLSearchParams(search).get('theme') === 'light';
    return (
      <div
        className={`${light ? 'bg-slate-100 text-slate-800' : 'dark bg-slate-950 text-slate-100'} flex h-full flex-col`}
        data-testid="wall"
        data-theme={light ? 'light' : 'dark'}
      >
        <ConnectionBanner />
        <main id="main" data-testid="main" className={`min-h-0 flex-1 overflow-hidden ${light ? 'bg-slate-100' : 'bg-slate-950'}`}>
          {view}
        </main>
        <AlarmPopups />
      </div>
    );
  }

  return (
    <div className="flex h-full">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:m-2 focus:rounded focus:bg-white focus:px-3 focus:py-1 focus:text-slate-900"
      >
        {t('app.skipToContent')}
      </a>
      {phone ? <Drawer route={route} open={drawer} onClose={() => setDrawer(false)} /> : <Sidebar route={route} />}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header route={route} phone={phone} onMenu={() => setDrawer(true)} onChangePassword={onChangePassword} onLogout={onLogout} />
        {route.navbar && <Navbar route={route} onReload={onReload} onChangePassword={onChangePassword} onLogout={onLogout} />}
        <ConnectionBanner />
        {route.station && !stationMissing && <StationInfoBar />}
        {/* the page's own background, opaque, so the main area scrolls on the compositor (see widgets/scrollPane) */}
        <main
          id="main"
          tabIndex={0}
          key={reloadKey}
          data-reload={reloadKey}
          data-testid="main"
          className="min-h-0 flex-1 overflow-auto bg-slate-100 p-2 sm:p-4 dark:bg-slate-950"
        >
          {view}
        </main>
      </div>
      <AlarmPopups />
      <ChangePasswordDialog open={pwOpen} onClose={() => setPwOpen(false)} />
    </div>
  );
}
