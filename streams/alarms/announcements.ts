// What a screen reader is told of pushed alarms (docs/accessibility.md): each live raise that would
// pop up (unresolved, not silent, first seen) becomes an announcement, urgent for faults and
// protection trips (an assertive live region interrupts the reader) and calm for alarms and
// events (a polite one waits for a pause). Raises of one kind within ANNOUNCE_WINDOW_MS are one
// announcement, so a storm is a sentence a second, not thousands read out one after another.
import { Observable, asyncScheduler, type SchedulerLike } from 'rxjs';
import type { AlarmCategory, AlarmPush } from '../../protocol/push';
import type { StoreEvent } from '../events';
import { isSilent } from './pushState';

export const ANNOUNCE_WINDOW_MS = 1000;
const URGENT: ReadonlySet<AlarmCategory> = new Set<AlarmCategory>(['fault', 'protection']);
/** alarm ids remembered so a repeated delivery is not announced twice */
const SEEN_CAP = 5000;

export interface Announcement {
  urgent: boolean;
  /** the first raise of the window, named in full */
  first: AlarmPush;
  /** every raise of the window, the first included */
  count: number;
}

export const isUrgent = (m: AlarmPush): boolean => URGENT.has(m.alarmCategory);

/** The store's events in, one announcement per kind and window (a window opens at a raise) out. */
export function alarmAnnouncements(events$: Observable<StoreEvent>, scheduler: SchedulerLike = asyncScheduler): Observable<Announcement> {
  return new Observable<Announcement>((out) => {
    const seen = new Set<number>();
    const pending = new Map<boolean, AlarmPush[]>();
    const sub = events$.subscribe({
      next: (e) => {
        if (e.type !== 'alarms/received' || !e.live) return;
        for (const m of e.alarms) {
          if (m.status !== 'unresolved' || isSilent(m) || seen.has(m.alarmId)) continue;
          seen.add(m.alarmId);
          if (seen.size > SEEN_CAP) seen.delete(seen.values().next().value!);
          const urgent = isUrgent(m);
          const batch = pending.get(urgent);
          if (batch) {
            batch.push(m);
            continue;
          }
          pending.set(urgent, [m]);
          sub.add(
            scheduler.schedule(() => {
              const ms = pending.get(urgent)!;
              pending.delete(urgent);
              out.next({ urgent, first: ms[0]!, count: ms.length });
            }, ANNOUNCE_WINDOW_MS),
          );
        }
      },
      error: (e) => out.error(e),
      complete: () => out.complete(),
    });
    return sub;
  });
}
