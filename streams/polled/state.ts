// Screens' other polled requests (streams/polled/resource.ts), by resource id: the last good
// answer, when it came and how many polls failed since. Dropped when the last screen leaves.
import { emptySingle, failedSingle, loadedSingle, type Single } from '../slices/shapes';
import { singleView } from '../slices/selectors';

export type PolledState = Record<string, Single<unknown>>;

export type PolledEvent =
  | { type: 'polled/succeeded'; key: string; value: unknown; at: number }
  | { type: 'polled/failed'; key: string; failures: number; at: number }
  | { type: 'polled/released'; key: string };

export function reducePolled(s: PolledState, e: PolledEvent): PolledState {
  switch (e.type) {
    case 'polled/succeeded':
      return { ...s, [e.key]: loadedSingle(e.key, e.value, e.at) };
    case 'polled/failed':
      return { ...s, [e.key]: failedSingle(s[e.key] ?? emptySingle(), e.key, e.failures) };
    case 'polled/released': {
      if (!(e.key in s)) return s;
      const next = { ...s };
      delete next[e.key];
      return next;
    }
  }
}

export const selectPolled = <T>(key: string) => singleView((s: { polled: PolledState }) => s.polled[key] as Single<T> | undefined, key);
