import { describe, expect, it } from 'vitest';
import { Subject, VirtualTimeScheduler } from 'rxjs';
import type { StoreEvent } from '../../events';
import type { AlarmPush } from '../../types';
import { ANNOUNCE_WINDOW_MS, alarmAnnouncements, type Announcement } from '../announcements';
import { alarm } from '../../__tests__/fixtures';

/** Live pushes at the given virtual times; the announcements made and when. */
function run(pushes: Array<[number, AlarmPush[], boolean?]>) {
  const scheduler = new VirtualTimeScheduler();
  const events$ = new Subject<StoreEvent>();
  const out: Array<Announcement & { at: number }> = [];
  alarmAnnouncements(events$, scheduler).subscribe((a) => out.push({ ...a, at: scheduler.now() }));
  for (const [at, alarms, live = true] of pushes) scheduler.schedule(() => events$.next({ type: 'alarms/received', alarms, at, live }), at);
  scheduler.flush();
  return out.map((a) => ({ at: a.at, urgent: a.urgent, first: a.first.alarmId, count: a.count }));
}

const fault = (id: number) => alarm(id, { alarmCategory: 'fault' });
const event = (id: number) => alarm(id, { alarmCategory: 'event' });

describe('alarm announcements for screen readers', () => {
  it('a fault is announced urgently and an event calmly, each once its window closes', () => {
    expect(
      run([
        [0, [fault(1)]],
        [100, [event(2)]],
      ]),
    ).toEqual([
      { at: ANNOUNCE_WINDOW_MS, urgent: true, first: 1, count: 1 },
      { at: 100 + ANNOUNCE_WINDOW_MS, urgent: false, first: 2, count: 1 },
    ]);
  });
  it('a storm is one sentence per window, naming the first alarm and counting the rest', () => {
    const storm = Array.from({ length: 500 }, (_, i) => alarm(i + 1, { alarmCategory: 'protection' }));
    expect(
      run([
        [0, storm.slice(0, 250)],
        [500, storm.slice(250)],
        [1500, [fault(900)]],
      ]),
    ).toEqual([
      { at: 1000, urgent: true, first: 1, count: 500 },
      { at: 2500, urgent: true, first: 900, count: 1 },
    ]);
  });
  it('resolutions, silent raises, replays and repeated deliveries are not announced', () => {
    expect(
      run([
        [0, [alarm(1, { status: 'resolved' }), alarm(2, { silent: true }), alarm(3, { shelved: true })]],
        [10, [fault(4)], false],
        [20, [fault(5)]],
        [3000, [fault(5)]],
      ]),
    ).toEqual([{ at: 1020, urgent: true, first: 5, count: 1 }]);
  });
});
