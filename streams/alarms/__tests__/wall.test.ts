import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Api } from '../../api/client';
import type { AlarmFilter, AlarmRecord } from '../records';
import { openFor, wallAlarmQuery, wallAlarms$, WALL_ALARM_ROWS, type WallAlarms } from '../wall';

const rec = (alarmId: number) => ({ alarmId, alarmStatus: 1, alarmCategory: 'fault' }) as AlarmRecord;
const tick = () => new Promise((r) => setTimeout(r, 0));

/** Answers every read from `open`: the unresolved alarms of the fleet, newest first. */
function fleetApi(open: { current: Array<AlarmRecord & { orgId: number }> }, fail = { now: false }) {
  const sent: Array<{ filter: AlarmFilter; length: number }> = [];
  const api = {
    call: async (_action: string, p: { alarmRecordVo: AlarmFilter; length: number }) => {
      sent.push({ filter: p.alarmRecordVo, length: p.length });
      if (fail.now) throw new Error('500');
      const f = p.alarmRecordVo ?? {};
      const rows = open.current.filter((a) => (f.orgId === undefined || a.orgId === f.orgId) && (!f.alarmCategory || a.alarmCategory === f.alarmCategory));
      return { dataList: rows.slice(0, p.length), totalCount: rows.length };
    },
  } as unknown as Api;
  return { api, sent };
}

const many = (n: number, orgId: number, category: AlarmRecord['alarmCategory'], from: number) =>
  Array.from({ length: n }, (_, i) => ({ ...rec(from - i), alarmCategory: category, orgId }));

describe('wallAlarms$', () => {
  it('lists the newest open alarms of the scope and counts every open one by category, exactly past the rows it holds', async () => {
    const open = { current: [...many(30, 2, 'fault', 5000), ...many(1200, 2, 'alarm', 4000), ...many(3, 7, 'event', 100)] };
    const { api, sent } = fleetApi(open);
    let shown: WallAlarms | undefined;
    wallAlarms$(api, new BehaviorSubject(wallAlarmQuery(2)), new Subject()).subscribe((w) => (shown = w));
    await tick();
    expect(sent.every((s) => s.filter?.alarmStatus === 1 && s.filter?.orgId === 2)).toBe(true);
    expect(shown?.rows?.map((r) => r.alarmId)).toEqual(open.current.slice(0, WALL_ALARM_ROWS).map((r) => r.alarmId));
    expect(shown?.total).toBe(1230);
    expect(shown?.byCategory).toEqual({ event: 0, protection: 0, alarm: 1200, fault: 30 });
  });

  it('reads the whole scope for scope 0, nothing while it settles, again on a reload, and keeps what it showed on a failure', async () => {
    const open = { current: many(2, 2, 'fault', 10) };
    const fail = { now: false };
    const { api, sent } = fleetApi(open, fail);
    const scope$ = new BehaviorSubject(wallAlarmQuery(-1));
    const reload$ = new Subject<void>();
    let shown: WallAlarms | undefined;
    wallAlarms$(api, scope$, reload$).subscribe((w) => (shown = w));
    await tick();
    expect(sent).toEqual([]);
    expect(shown?.rows).toBeNull();
    scope$.next(wallAlarmQuery(0));
    await tick();
    expect(sent[0]!.filter).toEqual({ alarmStatus: 1 });
    expect(shown?.total).toBe(2);
    open.current = [...many(1, 2, 'event', 11), ...open.current];
    reload$.next();
    await tick();
    expect(shown?.rows?.map((r) => r.alarmId)).toEqual([11, 10, 9]);
    expect(shown?.byCategory.event).toBe(1);
    fail.now = true;
    reload$.next();
    await tick();
    expect(shown?.rows?.map((r) => r.alarmId)).toEqual([11, 10, 9]);
  });
});

describe('openFor', () => {
  it('splits how long an alarm has been open into days, hours, minutes and seconds', () => {
    const t0 = Date.parse('2026-11-28T00:00:00Z');
    expect(openFor(t0, t0 + 40_000)).toEqual({ d: 0, h: 0, min: 0, s: 40 });
    expect(openFor(t0, t0 + (12 * 60 + 59) * 1000)).toEqual({ d: 0, h: 0, min: 12, s: 59 });
    expect(openFor(t0, t0 + ((3 * 60 + 5) * 60 + 1) * 1000)).toEqual({ d: 0, h: 3, min: 5, s: 1 });
    expect(openFor(t0, t0 + (2 * 86_400 + 4 * 3600) * 1000)).toEqual({ d: 2, h: 4, min: 0, s: 0 });
    // a happen time ahead of this clock (clock skew) reads as just now
    expect(openFor(t0 + 5000, t0)).toEqual({ d: 0, h: 0, min: 0, s: 0 });
  });
});
