import { VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { initialLive, reduceLive, stationLive$, type LatestResponse, type StationLive } from '../live';

const dev = (deviceId: number, type: string, name: string, p: number) => ({
  deviceId, type, name, online: true, lastSeen: '2026-11-21T08:00:00.000Z', state: null,
  points: [{ point: 'p', value: p, unit: 'kW', quality: 'good' as const, time: '2026-11-21T08:00:00.000Z' }],
});
const answer = (devices: LatestResponse['devices']): LatestResponse => ({ stationId: 4, time: '2026-11-21T08:00:01.000Z', devices });

describe('station live reducer', () => {
  it('normalises devices by id, orders them by type then name, and drops devices that left', () => {
    let s = reduceLive(initialLive(4), { type: 'latest/pollSucceeded', at: 10, data: answer([dev(3, 'load', 'Feeder', 1), dev(2, 'pv_inverter', 'Inverter 10', 2), dev(1, 'pv_inverter', 'Inverter 9', 3)]) });
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

describe('stationLive$', () => {
  it('polls every interval while subscribed and stops when the last subscriber leaves', async () => {
    const scheduler = new VirtualTimeScheduler();
    let calls = 0;
    const seen: StationLive[] = [];
    const live = stationLive$(4, { fetch: async () => (calls++, answer([dev(1, 'load', 'F', calls)])), now: () => 0, intervalMs: 3000, scheduler });
    const sub = live.subscribe((s) => seen.push(s));
    await Promise.resolve();
    await Promise.resolve();
    expect(calls).toBe(1);
    scheduler.flush();
    sub.unsubscribe();
    expect(seen[0]?.polls).toBe(0);
    expect(seen.at(-1)?.byId[1]?.points[0]?.value).toBeGreaterThanOrEqual(1);
  });
});
