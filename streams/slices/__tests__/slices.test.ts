import { describe, expect, it } from 'vitest';
import type { MatrixCard } from '../../home/homepage';
import type { StationSummary } from '../../monitor/stations';
import { reduce } from '../../reducer';
import { initialState, type State } from '../../state';
import type { StoreEvent } from '../../events';
import { alarm, profile, stationSummary } from '../../__tests__/fixtures';
import { selectMatrix, selectStatistics } from '../../home/state';
import { selectStationList } from '../../monitor/state';

const run = (events: StoreEvent[], s: State = initialState()) => events.reduce(reduce, s);

const station = (stationId: number, stationStatus = 0): StationSummary =>
  stationSummary({
    stationId,
    stationName: `S${stationId}`,
    serviceProviderId: 7,
    customerId: 1,
    address: '',
    region: '',
    lat: 30,
    lon: 120,
    energyTypes: ['pv'],
    stationStatus,
  });

const card = (stationId: number, stationStatus = 0): MatrixCard => ({
  stationId,
  serviceProviderId: 7,
  stationName: `S${stationId}`,
  picture: null,
  stationStatus,
  cardType: 1,
  lat: 30,
  lon: 120,
  currency: 'CNY',
  installedPower: 1,
  installedCapacity: 1,
  activePower: 0,
  soc: null,
  cumulativeIncome: 0,
  feeName: null,
  lastCharge: 0,
  lastDischarge: 0,
  lastIncome: 0,
});

const loaded = (s: State = initialState()) =>
  run(
    [
      { type: 'session/loggedIn', token: 't', profile: profile(), currentOrg: { id: 7, name: 'S' } },
      { type: 'stations/listLoaded', key: 'scope', stations: [station(3), station(4, 3), station(5)], at: 100 },
      { type: 'home/matrixLoaded', key: 'scope', cards: [card(3), card(4, 3)], at: 100 },
    ],
    s,
  );

describe('data slices', () => {
  it('normalise a list answer by id with its order, time and key', () => {
    const s = loaded();
    expect(s.stations.ids).toEqual([3, 4, 5]);
    expect(s.stations.byId[4]?.stationStatus).toBe(3);
    expect(s.stations.at).toBe(100);
    expect(selectStationList('scope')(s).value?.map((x) => x.stationId)).toEqual([3, 4, 5]);
    // another scope's view waits for its own answer
    expect(selectStationList('org:9')(s).value).toBeNull();
  });

  it('a failed poll keeps the last good answer and its time, and counts failures', () => {
    let s = run([{ type: 'home/statisticsLoaded', key: 'scope', data: { time: 'x' } as never, at: 50 }]);
    s = run([{ type: 'home/statisticsFailed', key: 'scope', failures: 2, at: 60 }], s);
    const v = selectStatistics('scope')(s);
    expect(v.value).toEqual({ time: 'x' });
    expect(v.at).toBe(50);
    expect(v.failures).toBe(2);
    // a failure for a new scope does not show the old scope's data
    s = run([{ type: 'home/statisticsFailed', key: 'org:9', failures: 1, at: 70 }], s);
    expect(selectStatistics('org:9')(s)).toEqual({ value: null, at: null, failures: 1 });
  });

  it('a live fault push recolours its station in the station list, the matrix and the map data', () => {
    const before = loaded();
    const s = run(
      [
        {
          type: 'alarms/received',
          alarms: [alarm(1, { stationId: 3, alarmCategory: 'fault' }), alarm(2, { stationId: 4, alarmCategory: 'event' })],
          at: 200,
          live: true,
        },
      ],
      before,
    );
    expect(s.stations.byId[3]?.stationStatus).toBe(2);
    // alarm (1) outranks offline (3)
    expect(s.stations.byId[4]?.stationStatus).toBe(1);
    expect(s.stations.byId[5]).toBe(before.stations.byId[5]);
    const matrix = selectMatrix('scope')(s).value!; // what the matrix cards and the map draw
    expect(matrix.find((c) => c.stationId === 3)?.stationStatus).toBe(2);
    expect(matrix.find((c) => c.stationId === 4)?.stationStatus).toBe(1);
    // a later event alarm does not lower a fault
    const s2 = run([{ type: 'alarms/received', alarms: [alarm(3, { stationId: 3, alarmCategory: 'event' })], at: 201, live: true }], s);
    expect(s2.stations.byId[3]?.stationStatus).toBe(2);
  });

  it('a reloaded list keeps the statuses raised by open pushed alarms, not by resolved ones', () => {
    let s = run(
      [{ type: 'alarms/received', alarms: [alarm(1, { stationId: 3 }), alarm(2, { stationId: 5, alarmCategory: 'alarm' })], at: 200, live: true }],
      loaded(),
    );
    s = run([{ type: 'alarms/received', alarms: [alarm(2, { stationId: 5, alarmCategory: 'alarm', status: 'resolved' })], at: 210, live: true }], s);
    s = run([{ type: 'stations/listLoaded', key: 'scope', stations: [station(3), station(5)], at: 300 }], s);
    expect(s.stations.byId[3]?.stationStatus).toBe(2);
    expect(s.stations.byId[5]?.stationStatus).toBe(0);
  });

  it('selectors return the same list until their own slice changes', () => {
    const sel = selectStationList('scope');
    const s = loaded();
    const a = sel(s).value;
    const s2 = run(
      [
        { type: 'popups/overflowCleared' },
        { type: 'home/curveFailed', key: 'scope', failures: 1, at: 1 },
        { type: 'live/pollFailed', stationId: 3, failures: 1, at: 1 },
      ],
      s,
    );
    expect(sel(s2).value).toBe(a);
    expect(sel(s2)).toBe(sel(s));
  });

  it('100,000 stations: unrelated events keep the list, a push replaces only its own row', () => {
    let s = run([{ type: 'stations/listLoaded', key: 'scope', stations: Array.from({ length: 100_000 }, (_, i) => station(i + 1)), at: 1 }]);
    const sel = selectStationList('scope');
    const list = sel(s).value!;
    expect(list).toHaveLength(100_000);
    s = run(
      [
        { type: 'message/shown', messageType: 'success', text: { key: 'x' }, at: 2 },
        { type: 'live/pollFailed', stationId: 9, failures: 1, at: 3 },
        { type: 'api/succeeded', at: 4 },
      ],
      s,
    );
    expect(sel(s).value).toBe(list);
    s = run([{ type: 'alarms/received', alarms: [alarm(1, { stationId: 50_000 })], at: 5, live: true }], s);
    const next = sel(s).value!;
    expect(next).not.toBe(list);
    expect(next[49_999]?.stationStatus).toBe(2);
    // every other row keeps its object, so memoised rows do not re-render
    expect(next.filter((x, i) => x !== list[i]).map((x) => x.stationId)).toEqual([50_000]);
  });

  it('a duplicate push changes nothing', () => {
    const s = run([{ type: 'alarms/received', alarms: [alarm(1, { stationId: 3 })], at: 200, live: true }], loaded());
    expect(run([{ type: 'alarms/received', alarms: [alarm(1, { stationId: 3 })], at: 201, live: true }], s)).toBe(s);
  });

  it('logging out forgets the polled data', () => {
    const s = run([{ type: 'session/loggedOut' }], loaded());
    expect(s.stations.ids).toEqual([]);
    expect(s.home.matrix.key).toBeNull();
  });

  it('keeps a live snapshot per station until it is released', () => {
    const data = { stationId: 3, time: '2026-11-21T08:00:00.000Z', devices: [] };
    let s = run([
      { type: 'live/pollSucceeded', stationId: 3, data, at: 5 },
      { type: 'live/pollFailed', stationId: 4, failures: 1, at: 6 },
    ]);
    expect(s.live[3]?.receivedAt).toBe(5);
    expect(s.live[4]?.failures).toBe(1);
    s = run([{ type: 'live/released', stationId: 3 }], s);
    expect(s.live[3]).toBeUndefined();
    expect(s.live[4]).toBeDefined();
  });

  it('the network going offline marks the API offline', () => {
    expect(run([{ type: 'network/changed', online: false, at: 1 }]).connection.api).toBe('offline');
  });
});
