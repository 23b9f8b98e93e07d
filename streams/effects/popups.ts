// Pop-up pump (SPEC §4): queued pop-ups appear one at a time, at least 300 ms apart. The first
// of a quiet period appears at once (push-to-pop-up latency), later ones wait for their slot.
import { asapScheduler, asyncScheduler, type SchedulerLike, type Subscription } from 'rxjs';
import { POPUP_SPACING_MS, POPUP_VISIBLE_CAP } from '../constants';
import type { Store } from '../store';

export function startPopupPump(store: Store, o: { scheduler?: SchedulerLike; immediate?: SchedulerLike } = {}): Subscription {
  const scheduler = o.scheduler ?? asyncScheduler;
  const immediate = o.immediate ?? asapScheduler;
  let timer: Subscription | null = null;
  const sub = store
    .select((s) => s.popups)
    .subscribe((p) => {
      if (timer || p.queue.length === 0 || p.visible.length >= POPUP_VISIBLE_CAP) return;
      const now = scheduler.now();
      const wait = p.lastShownAt === null ? 0 : Math.max(0, p.lastShownAt + POPUP_SPACING_MS - now);
      timer = (wait === 0 ? immediate : scheduler).schedule(() => {
        timer = null;
        store.dispatch({ type: 'popups/shown', at: scheduler.now() });
      }, wait);
    });
  sub.add(() => timer?.unsubscribe());
  return sub;
}
