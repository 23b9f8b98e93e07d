// Builds the one store, the request source and the effects for the browser.
import { filter, take } from 'rxjs';
import { navigate } from 'wouter/use-browser-location';
import { createApi, type Navigator } from '../../streams/api/client';
import { fetchTransport, webSigner } from '../../streams/api/browser';
import { startMessageAutoHide } from '../../streams/effects/message';
import { startNetworkWatch } from '../../streams/effects/network';
import { browserStorages } from '../../streams/session/browser';
import { persistSession, restoredEvent } from '../../streams/session/storage';
import { createStore } from '../../streams/store';
import { loadProfile } from '../../streams/session/commands';
import type { Runtime } from '../hooks/runtime';

export function createRuntime(): Runtime {
  const storages = browserStorages();
  const store = createStore();
  store.dispatch(restoredEvent(storages, navigator.languages ?? [navigator.language]));
  persistSession(store, storages);
  const nav: Navigator = {
    current: () => location.pathname + location.search + location.hash,
    go: (to, o) => navigate(to, { replace: o?.replace ?? false }),
  };
  const api = createApi({ transport: fetchTransport, signer: webSigner, clock: { now: Date.now }, store, nav });
  startMessageAutoHide(store);
  startNetworkWatch(store, {
    get onLine() {
      return navigator.onLine;
    },
    addEventListener: (t, fn) => window.addEventListener(t, fn),
    removeEventListener: (t, fn) => window.removeEventListener(t, fn),
  });
  // route access was built from the stored profile; refresh it (permissions may have changed)
  if (store.getState().session.token && store.getState().session.menuBuilt) void loadProfile(api, store);
  // The signed-in chunk (badge, pop-ups, push: mqtt.js + zod) loads only once someone is signed in.
  store
    .select((s) => !!s.session.token)
    .pipe(filter(Boolean), take(1))
    .subscribe(() => {
      void import('../../streams/push/start').then((m) => m.startSignedIn(store, api));
    });
  const rt: Runtime = { store, api, nav, storages };
  // test and bench hook: read-only view of the store's counters
  (window as unknown as { __ems?: unknown }).__ems = {
    state: () => store.getState(),
    /** event types with their arrival time (diagnostics: latency breakdowns) */
    onEvent: (fn: (type: string, at: number) => void) => store.events$.subscribe((e) => fn(e.type, performance.timeOrigin + performance.now())),
  };
  return rt;
}
