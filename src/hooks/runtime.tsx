// React access to the one store and the API (streams/ stays React-free).
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useObservableEagerState } from 'observable-hooks';
import type { Api, Navigator } from '../../streams/api/client';
import type { Store } from '../../streams/store';
import type { State } from '../../streams/state';
import type { SessionStorages } from '../../streams/session/storage';

export interface Runtime {
  store: Store;
  api: Api;
  nav: Navigator;
  storages: SessionStorages;
}

const Ctx = createContext<Runtime | null>(null);
export const RuntimeProvider = ({ value, children }: { value: Runtime; children: ReactNode }) => <Ctx.Provider value={value}>{children}</Ctx.Provider>;
export const useRuntime = (): Runtime => {
  const r = useContext(Ctx);
  if (!r) throw new Error('RuntimeProvider missing');
  return r;
};

/** Reads a slice of state; `deps` re-create the selector (it otherwise runs as first given). */
export function useStoreValue<T>(selector: (s: State) => T, deps: readonly unknown[] = [], eq?: (a: T, b: T) => boolean): T {
  const { store } = useRuntime();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what re-creates the selector
  const obs = useMemo(() => store.select(selector, eq), [store, ...deps]);
  return useObservableEagerState(obs);
}
