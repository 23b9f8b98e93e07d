// The router: wouter supplies the location, `decide` (guard.ts) applies every SPEC §2 rule,
// and this component performs redirects, loads route access, sets the title and renders the
// matched route's page in the layout the route table gives it.
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { loadProfile } from '../../streams/session/commands';
import { selectLoading, selectMessage, selectPermissions } from '../../streams/selectors';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { MessageBar } from '../components/MessageBar';
import { useRuntime, useStoreValue } from '../hooks/runtime';
import { useT } from '../hooks/useT';
import { ChunkErrorPage } from '../features/errors/ChunkErrorPage';
import { ChunkBoundary } from './ChunkBoundary';
import { decide } from './guard';
import { lazyView } from './lazy';
import { messageText } from './messageText';
import { RoutePage } from './RoutePage';
import { layoutOf } from './routes';

const MainLayout = lazyView('layout', () => import('./layout/MainLayout'));

export const STATION_KEYS = ['stationId', 'serviceProviderId'] as const;

export function App() {
  const t = useT();
  const [pathname, navigate] = useLocation();
  useSearch(); // re-render on query changes; the raw (undecoded) query comes from location
  const search = typeof location !== 'undefined' ? location.search.replace(/^\?/, '') : '';
  const { store, api, storages } = useRuntime();
  const token = useStoreValue((s) => s.session.token);
  const menuBuilt = useStoreValue((s) => s.session.menuBuilt);
  const permissions = useStoreValue(selectPermissions);
  const loading = useStoreValue(selectLoading);
  const message = useStoreValue(selectMessage);
  const prevSearch = useRef<string | null>(null);

  const decision = useMemo(
    () =>
      decide({
        pathname,
        search,
        hash: typeof location !== 'undefined' ? location.hash : '',
        token,
        menuBuilt,
        permissions,
        prevSearch: prevSearch.current,
        stored: { stationId: storages.session.get('stationId'), serviceProviderId: storages.session.get('serviceProviderId') },
      }),
    [pathname, search, token, menuBuilt, permissions, storages],
  );

  useLayoutEffect(() => {
    if (decision.kind === 'redirect') navigate(decision.to, { replace: true });
  }, [decision, navigate]);

  useEffect(() => {
    if (decision.kind === 'wait') void loadProfile(api, store);
  }, [decision.kind, api, store]);

  useEffect(() => {
    if (decision.kind !== 'render') return;
    prevSearch.current = search;
    document.title = `${t(decision.route.title)} - ${t('app.platformName')}`;
    if (decision.route.station) {
      const q = new URLSearchParams(search);
      for (const k of STATION_KEYS) {
        const v = q.get(k);
        if (v) storages.session.set(k, v);
      }
    }
  }, [decision, search, storages, t]);

  let view: React.ReactNode = null;
  if (decision.kind === 'render') {
    const layout = layoutOf(decision.route, search);
    view =
      layout === 'bare' ? (
        <RoutePage route={decision.route} />
      ) : (
        <MainLayout route={decision.route} layout={layout} stationMissing={decision.stationMissing ?? false} />
      );
  }

  return (
    <>
      <ChunkBoundary fallback={(chunk) => <ChunkErrorPage chunk={chunk} />}>
        <Suspense fallback={<LoadingOverlay text={t('app.loading')} />}>{view}</Suspense>
      </ChunkBoundary>
      {(loading || decision.kind === 'wait') && <LoadingOverlay text={t('app.loading')} />}
      <MessageBar show={message.show} type={message.type} text={messageText(t, message.text)} />
    </>
  );
}
