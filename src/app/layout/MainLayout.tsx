// Main layout (SPEC §2): sidebar, header, optional navbar, station info bar and the view.
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { loadOrgs, loadStationInfo, logout } from '../../../streams/session/commands';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { AlarmPopups } from '../../features/alarms/AlarmPopups';
import { soundBank } from '../../features/alarms/sound';
import { ChangePasswordDialog } from '../../features/auth/ChangePasswordDialog';
import { NotYetPage } from '../../features/placeholder/NotYetPage';
import { StationMissing } from '../../features/placeholder/StationMissing';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { lazyView } from '../lazy';
import { stationView } from '../stationViews';
import { homeView } from '../homeViews';
import { alarmView } from '../alarmViews';
import type { RouteDef } from '../routes';
import { ConnectionBanner } from './ConnectionBanner';
import { Header } from './Header';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { StationInfoBar } from './StationInfoBar';

const MessageListPage = lazyView('messageList', () => import('../../features/alarms/MessageListPage'));

export default function MainLayout({ route, stationMissing }: { route: RouteDef; stationMissing: boolean }) {
  const t = useT();
  const rt = useRuntime();
  const { api, store, storages } = rt;
  const [pwOpen, setPwOpen] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const orgType = useStoreValue((s) => s.session.profile?.orgType);
  const search = useSearch();
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

  let view: React.ReactNode;
  if (stationMissing) view = <StationMissing />;
  else if (route.view === 'messageList') view = <MessageListPage />;
  else view = homeView(route.view) ?? alarmView(route.view) ?? (route.station ? stationView(route.name) : null) ?? <NotYetPage route={route} />;

  // Wall screen (issue 5): the homepage with ?wall=1 has no chrome, a dark high-contrast theme
  // and large type; the connection banner stays as the offline banner.
  if (route.view === 'homepage' && new URLSearchParams(search).get('wall') === '1')
    return (
      <div className="dark flex h-full flex-col bg-slate-950 text-slate-100" data-testid="wall">
        <ConnectionBanner />
        <main id="main" data-testid="main" className="min-h-0 flex-1 overflow-auto p-4" style={{ zoom: 1.25 }}>
          <Suspense fallback={<LoadingOverlay text={t('app.loading')} />}>{view}</Suspense>
        </main>
        <AlarmPopups />
      </div>
    );

  return (
    <div className="flex h-full">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:m-2 focus:rounded focus:bg-white focus:px-3 focus:py-1">
        {t('app.skipToContent')}
      </a>
      <Sidebar route={route} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header route={route} onChangePassword={onChangePassword} onLogout={onLogout} />
        {route.navbar !== false && <Navbar route={route} onReload={onReload} onChangePassword={onChangePassword} onLogout={onLogout} />}
        <ConnectionBanner />
        {route.station && !stationMissing && <StationInfoBar />}
        <main id="main" key={reloadKey} data-reload={reloadKey} data-testid="main" className="min-h-0 flex-1 overflow-auto p-4">
          <Suspense fallback={<LoadingOverlay text={t('app.loading')} />}>{view}</Suspense>
        </main>
      </div>
      <AlarmPopups />
      <ChangePasswordDialog open={pwOpen} onClose={() => setPwOpen(false)} />
    </div>
  );
}
