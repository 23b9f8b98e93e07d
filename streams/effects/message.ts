// Message bar (SPEC §4): every message hides itself after 2 s.
import { asyncScheduler, filter, mergeMap, timer, map, type SchedulerLike, type Subscription } from 'rxjs';
import { MESSAGE_AUTO_HIDE_MS } from '../constants';
import type { Store } from '../store';

export function startMessageAutoHide(store: Store, scheduler: SchedulerLike = asyncScheduler): Subscription {
  return store.events$
    .pipe(
      filter((e) => e.type === 'message/shown'),
      map(() => store.getState().message.seq),
      mergeMap((seq) => timer(MESSAGE_AUTO_HIDE_MS, scheduler).pipe(map(() => seq))),
    )
    .subscribe((seq) => store.dispatch({ type: 'message/hidden', seq }));
}
