// The browser's own view of the network (navigator.onLine and its online/offline events) as
// store events: the offline banner shows the moment the network goes, instead of after the
// next failed request, and polls fetch at once when it returns (streams/resources.ts).
import { Subscription } from 'rxjs';
import type { Store } from '../store';

export interface NetworkTarget {
  readonly onLine: boolean;
  addEventListener(type: 'online' | 'offline', fn: () => void): void;
  removeEventListener(type: 'online' | 'offline', fn: () => void): void;
}

export function startNetworkWatch(store: Pick<Store, 'dispatch'>, target: NetworkTarget, now: () => number = Date.now): Subscription {
  const on = () => store.dispatch({ type: 'network/changed', online: true, at: now() });
  const off = () => store.dispatch({ type: 'network/changed', online: false, at: now() });
  target.addEventListener('online', on);
  target.addEventListener('offline', off);
  if (!target.onLine) off();
  return new Subscription(() => {
    target.removeEventListener('online', on);
    target.removeEventListener('offline', off);
  });
}
