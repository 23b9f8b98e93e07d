import { NEVER, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createResources } from '../../resources';
import { createStore } from '../../store';
import { initialLive, liveResource, reduceLive, selectLive, type LatestResponse, type StationLive } from '../live';

const flushMicrotasks = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

const dev = (deviceId: number, type: string, name: string, p: number) => ({
  deviceId,
  type,
  name,
  online: true,
  lastSeen: '2026-11-21T08:00:00.000Z',
  state: null,
  points: [{ point: 'p', value: p, unit: 'kW', quality: 'good' as const, time: '2026-11-21T08:00:00.000Z' }],
});
const answer = (devices: LatestResponse['devices']): LatestResponse => ({ stationId: 4, time: '2026-11-21T08:00:01.000Z', devices });

describe('station live reducer', () => {
  it('normalises devices by id, orders them by type then name, and drops devices that left', () => {
    let s = reduceLive(initialLive(4), {
      type: 'latest/pollSucceeded',
      at: 10,
      data: answer([dev(3, 'load', 'Feeder', 1), dev(2, 'pv_inverter', 'Inverter 10', 2), dev(1, 'pv_inverter', 'Inverter 9', 3)]),
    });
    expect(s.ids).toEqual([1, 2, 3]);
    expect(s.byId[2]?.lastSeen).toBe(Date.parse('2026-11-21T08:00:00.000Z'));
    expect(s.polls).toBe(1);
    s = reduceLive(s, { type: 'latest/pollSucceeded', at: 20, data: answer([dev(1, 'pv_inverter', 'Inverter 9', 5)]) });
    expect(s.ids).toEqual([1]);
    expect(s.byId[3]).toBeUndefined();
    expect(s.byId[1]?.points[0]?.value).toBe(5);
  });
  it('keeps the last values on a failed poll and counts failures', () => {
    const ok = reduceLive(initialLive(4), { type: 'latest/pollSucceeded', at: 10, data: answer([dev(1, 'load', 'F', 1)]) });
    const failed = reduceLive(ok, { type: 'latest/pollFailed', at: 20, failures: 2 });
    expect(failed.byId[1]).toEqual(ok.byId[1]);
    expect(failed.failures).toBe(2);
    expect(failed.receivedAt).toBe(10);
  });
});

describe('live snapshot in the store', () => {
  it('polls every interval while watched, keyed by station, and is dropped when the last watcher leaves', async () => {
    const scheduler = new VirtualTimeScheduler();
    const store = createStore();
    let calls = 0;
    const hub = createResources(store, { scheduler, now: () => scheduler.now(), wake$: NEVER });
    const spec = liveResource(async () => (calls++, answer([dev(1, 'load', 'F', calls)])), 4, 3000);
    const seen: StationLive[] = [];
    const sub = hub.watch$(spec, selectLive(4)).subscribe((s) => seen.push(s));
    await flushMicrotasks();
    expect(calls).toBe(1);
    expect(store.getState().live[4]?.byId[1]?.points[0]?.value).toBe(1);
    scheduler.flush(); // the next poll is due 3 s later
    await flushMicrotasks();
    expect(calls).toBe(2);
    expect(seen[0]?.polls).toBe(0);
    expect(seen.at(-1)?.byId[1]?.points[0]?.value).toBe(2);
    sub.unsubscribe();
    expect(store.getState().live[4]).toBeUndefined();
  });
});
