// Re-reads a screen's lists every second while one of its records waits for the gateway, so
// the outcome (acknowledged, refused, timed out) shows without a reload.
import { useObservable, useSubscription } from 'observable-hooks';
import { map } from 'rxjs';
import { whilePending } from '../../../streams/strategies/reads';

export function useLiveWhilePending(pending: boolean, reload: () => void): void {
  const ticks$ = useObservable((in$) => whilePending(in$.pipe(map(([p]) => p))), [pending]);
  useSubscription(ticks$, reload);
}
