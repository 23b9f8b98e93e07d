import { BehaviorSubject, Subject, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Api } from '../../api/client';
import { alarmList$, type AlarmFilter, type AlarmList, type AlarmQuery, type AlarmRecord } from '../records';
import { alarmReloads$ } from '../reloads';
import type { StoreEvent } from '../../events';
import { alarm } from '../../__tests__/fixtures';

const rec = (alarmId: number, over: Partial<AlarmRecord> = {}) => ({ alarmId, alarmStatus: 1, recoveryTime: null, ...over }) as AlarmRecord;
const tick = () => new Promise((r) => setTimeout(r, 0));

/** A request source whose answers the test settles by hand, in any order. */
function fakeApi() {
  const sent: Array<{ filter: AlarmFilter; answer: (rows: AlarmRecord[]) => void; fail: () => void }> = [];
  const api = {
    call: (_action: string, payload: { alarmRecordVo: AlarmFilter }) =>
      new Promise((resolve, reject) =>
        sent.push({
          filter: payload.alarmRecordVo,
          answer: (rows) => resolve({ dataList: rows, totalCount: rows.length }),
          fail: () => reject(new Error('500')),
        }),
      ),
  } as unknown as Api;
  return { api, sent };
}
const query = (stationId: number): AlarmQuery => ({ key: String(stationId), payload: () => ({ stationId }) });

describe('alarmList$', () => {
  it('shows the answer of the latest filter, not a late answer of an earlier one', async () => {
    const { api, sent } = fakeApi();
    const query$ = new BehaviorSubject<AlarmQuery | null>(query(1));
    const shown: AlarmList[] = [];
    alarmList$({ api }, query$, new Subject()).subscribe((l) => shown.push(l));
    query$.next(query(2));
    expect(sent.map((s) => s.filter)).toEqual([{ stationId: 1 }, { stationId: 2 }]);
    sent[1]!.answer([rec(20)]);
    await tick();
    sent[0]!.answer([rec(10)]);
    await tick();
    expect(shown.at(-1)).toEqual({ rows: [rec(20)], total: 1 });
  });

  it('reads again on a reload, keeps the rows on a failure, and patches a resolved row at once', async () => {
    const { api, sent } = fakeApi();
    const reload$ = new Subject<void>();
    const resolved$ = new Subject<{ alarmId: number; alarmStatus: number; recoveryTime: string | null }>();
    let shown: AlarmList | undefined;
    alarmList$({ api }, new BehaviorSubject<AlarmQuery | null>(query(1)), reload$, resolved$).subscribe((l) => (shown = l));
    expect(shown).toEqual({ rows: null, total: 0 });
    sent[0]!.answer([rec(1), rec(2)]);
    await tick();
    resolved$.next({ alarmId: 2, alarmStatus: 2, recoveryTime: '2026-11-23T08:00:00Z' });
    expect(shown?.rows?.[1]).toMatchObject({ alarmId: 2, alarmStatus: 2, recoveryTime: '2026-11-23T08:00:00Z' });
    reload$.next();
    expect(sent).toHaveLength(2);
    sent[1]!.fail();
    await tick();
    expect(shown?.rows?.map((r) => r.alarmId)).toEqual([1, 2]);
  });

  it('reads nothing while the query is null, and stops reading when unsubscribed', () => {
    const { api, sent } = fakeApi();
    const query$ = new BehaviorSubject<AlarmQuery | null>(null);
    const sub = alarmList$({ api }, query$, new Subject()).subscribe();
    expect(sent).toHaveLength(0);
    sub.unsubscribe();
    query$.next(query(3));
    expect(sent).toHaveLength(0);
  });
});

describe('alarmReloads$', () => {
  it('fires once for a burst of matching pushes and every period, not for other stations', () => {
    const scheduler = new VirtualTimeScheduler();
    const events$ = new Subject<StoreEvent>();
    let n = 0;
    alarmReloads$(events$, (a) => a.stationId === 3, { periodMs: 30_000, debounceMs: 250, scheduler }).subscribe(() => n++);
    const push = (stationId: number) => events$.next({ type: 'alarms/received', alarms: [alarm(stationId * 100, { stationId })], at: 0, live: true });
    push(3);
    push(3);
    push(4);
    scheduler.maxFrames = 1000;
    scheduler.flush();
    expect(n).toBe(1);
    scheduler.maxFrames = 30_000;
    scheduler.flush();
    expect(n).toBe(2);
  });

  it('in a storm reads every 2 s, the last pushes included, not at every pause', () => {
    const scheduler = new VirtualTimeScheduler();
    const events$ = new Subject<StoreEvent>();
    const at: number[] = [];
    alarmReloads$(events$, () => true, { periodMs: 60_000, debounceMs: 250, gapMs: 2000, scheduler }).subscribe(() => at.push(scheduler.now()));
    // a batch every 100 ms for 5 s, with a 300-ms pause every second
    for (let t = 0; t < 5000; t += 100) {
      if (t % 1000 >= 700) continue;
      scheduler.schedule(() => events$.next({ type: 'alarms/received', alarms: [alarm(t + 1)], at: t, live: true }), t);
    }
    scheduler.maxFrames = 10_000;
    scheduler.flush();
    expect(at).toEqual([250, 2250, 4250, 6250]);
  });
});
