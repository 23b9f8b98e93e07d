// The grouping rule of real-time pop-ups (docs/alarms.md): more than POPUP_GROUP_OVER pop-ups
// arriving within POPUP_GROUP_WINDOW_MS become one card ("12 new alarms at 3 stations") instead
// of a column of cards over the screen. The first ones of a burst still show at once (the
// push-to-pop-up latency does not wait for the window to end); when the next one makes the
// burst, they fold into the group. The burst stays open while alarms keep coming less than the
// window apart, so a storm is one group however long it lasts.
import { Observable, asyncScheduler, filter, mergeMap, type SchedulerLike, type Subscription } from 'rxjs';
import type { Store } from '../store';
import { isSilent } from './pushState';

export const POPUP_GROUP_WINDOW_MS = 1000;
/** this many within the window stay single cards; one more makes a group */
export const POPUP_GROUP_OVER = 3;

export interface PopupArrival {
  alarmId: number;
}

/** A burst: the alarms to show as one group card, in arrival order. `seq` tells bursts apart. */
export interface PopupBurst {
  seq: number;
  alarmIds: number[];
}

/** Pop-up arrivals in, the group each burst forms (again each time it grows) out. */
export function popupBursts(
  arrivals$: Observable<PopupArrival>,
  o: { windowMs?: number; over?: number; scheduler?: SchedulerLike } = {},
): Observable<PopupBurst> {
  const windowMs = o.windowMs ?? POPUP_GROUP_WINDOW_MS;
  const over = o.over ?? POPUP_GROUP_OVER;
  const scheduler = o.scheduler ?? asyncScheduler;
  return new Observable<PopupBurst>((out) => {
    let seq = 0;
    /** singles of the last window: the ones a next arrival may fold into a group */
    let recent: { alarmId: number; at: number }[] = [];
    let burst: { seq: number; alarmIds: number[]; lastAt: number } | null = null;
    return arrivals$.subscribe({
      next: ({ alarmId }) => {
        const at = scheduler.now();
        if (burst && at - burst.lastAt <= windowMs) {
          burst.alarmIds.push(alarmId);
          burst.lastAt = at;
          out.next({ seq: burst.seq, alarmIds: [...burst.alarmIds] });
          return;
        }
        burst = null;
        recent = recent.filter((r) => at - r.at <= windowMs);
        recent.push({ alarmId, at });
        if (recent.length <= over) return;
        burst = { seq: ++seq, alarmIds: recent.map((r) => r.alarmId), lastAt: at };
        recent = [];
        out.next({ seq: burst.seq, alarmIds: [...burst.alarmIds] });
      },
      error: (e) => out.error(e),
      complete: () => out.complete(),
    });
  });
}

/** Alarms the grouping remembers so a repeated delivery is not a second arrival. */
const SEEN_CAP = 5000;
/**
 * A growing group reaches the store at most this often. Folding it in per arrival made a storm
 * (2,000 alarms/s) a reducer pass and a group copy per alarm: quadratic in the storm's size, the
 * page's main thread blocked for tens of seconds.
 */
export const POPUP_GROUP_FOLD_MS = 100;

/**
 * Feeds the store's live pop-up arrivals (unresolved raises that are not silent, first seen)
 * through `popupBursts` and folds each burst into the group card (`popups/grouped`).
 */
export function startPopupGrouping(store: Store, scheduler: SchedulerLike = asyncScheduler): Subscription {
  const seen = new Set<number>();
  const arrivals$ = store.events$.pipe(
    mergeMap((e) => (e.type === 'alarms/received' && e.live ? e.alarms : [])),
    filter((m) => {
      if (m.status !== 'unresolved' || isSilent(m) || seen.has(m.alarmId)) return false;
      seen.add(m.alarmId);
      if (seen.size > SEEN_CAP) seen.delete(seen.values().next().value!);
      return true;
    }),
  );
  const fold = (b: PopupBurst) => store.dispatch({ type: 'popups/grouped', alarmIds: b.alarmIds });
  // the latest emission of a burst holds every alarm of it: only that one needs folding in
  let pending: PopupBurst | null = null;
  let scheduled = false;
  const sub = popupBursts(arrivals$, { scheduler }).subscribe((b) => {
    if (pending && pending.seq !== b.seq) fold(pending);
    pending = b;
    if (scheduled) return;
    scheduled = true;
    // tied to the subscription: a console that stops (sign-out) folds nothing after
    sub.add(
      scheduler.schedule(() => {
        scheduled = false;
        if (pending) fold(pending);
        pending = null;
      }, POPUP_GROUP_FOLD_MS),
    );
  });
  return sub;
}
