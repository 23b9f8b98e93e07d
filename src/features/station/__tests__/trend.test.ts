import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { history$, toCsvColumns, visiblePoints, type History, type HistoryQuery, type HistoryState } from '../trend/history';
import { joinSeries } from '../trend/join';
import { GENERATOR_STATES, generatorStateKey, stateKeyOf } from '../states';

describe('trend history', () => {
  // a failed assertion must not leave fake timers to the next file of this worker
  afterEach(() => void vi.useRealTimers());
  it('fetches a zoom at once, and of a burst only the first and the latest range (switchMap)', async () => {
    vi.useFakeTimers();
    const q = new Subject<HistoryQuery>();
    const fetch = vi.fn(async (x: HistoryQuery): Promise<History> => ({ deviceId: x.deviceId, timezone: 'UTC', series: [] }));
    const out: HistoryState[] = [];
    history$(q, fetch, 100).subscribe((s) => out.push(s));
    q.next({ deviceId: 1, point: 'p', from: 0, to: 1000, width: 500 });
    expect(fetch).toHaveBeenCalledTimes(1); // no wait for a single step
    for (let i = 1; i < 5; i++) q.next({ deviceId: 1, point: 'p', from: i * 10, to: 1000, width: 500 });
    await vi.advanceTimersByTimeAsync(150);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]?.[0].from).toBe(40);
    const last = out.at(-1);
    expect(last?.kind === 'loaded' && last.query.from).toBe(40);
  });
  it('the CSV holds exactly the points inside the visible range', () => {
    const rows = visiblePoints([0, 1000, 2000, 3000], [1, null, 3, 4], 1000, 2000);
    expect(rows).toEqual([
      [1000, null],
      [2000, 3],
    ]);
    const { csv } = toCsvColumns([{ label: 'p (kW)', t: [0, 1000, 2000, 3000], v: [1, null, 3, 4] }], 1000, 2000, 'Asia/Shanghai', (ms) => String(ms));
    expect(csv).toBe('\uFEFFtime (Asia/Shanghai),time (UTC),p (kW)\r\n1000,1970-01-01T00:00:01.000Z,\r\n2000,1970-01-01T00:00:02.000Z,3\r\n');
  });
  it('joins series with their own times onto one axis in seconds', () => {
    const [xs, a, b] = joinSeries([
      { t: [1000, 3000], v: [1, 3] },
      { t: [2000, 3000], v: [20, 30] },
    ]);
    expect(Array.from(xs)).toEqual([1, 2, 3]);
    expect(a).toEqual([1, null, 3]);
    expect(b).toEqual([null, 20, 30]);
  });
});

describe('device state names', () => {
  it('maps the 15 generator states and rejects unknown codes', () => {
    expect(GENERATOR_STATES).toHaveLength(15);
    expect(generatorStateKey(9)).toBe('station:state.generator.normalOperation');
    expect(generatorStateKey(14)).toBe('station:state.generator.shutdownFailure');
    expect(generatorStateKey(15)).toBeNull();
    expect(stateKeyOf('battery_cluster', 6)).toBe('station:state.cluster.underVoltageProtection');
    expect(stateKeyOf('load', 0)).toBeNull();
  });
});
