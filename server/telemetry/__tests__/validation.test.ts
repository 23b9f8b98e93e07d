import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import type { FleetRuntime } from '../../fleet/runtime';
import { POINTS, gwTopic, pointIndex, type FleetDeviceType } from '../../../protocol/fleet';

// Impossible telemetry is refused at ingest, counted by reason, and leaves no trace in the
// store or in the station's money: frames from the future or 1970, counters that jump or go
// back, values outside physics, and every kind of malformed payload.

const NOW = Date.UTC(2026, 6, 15, 4, 0);
const IMPORT = pointIndex('meter', 'importKwh');
const YEAR = 365 * 86_400_000;

describe('telemetry validation at ingest', () => {
  let s: TestServer;
  let fleet: FleetRuntime;
  let station: number;
  let other: number;
  const dev = new Map<FleetDeviceType, number>();
  let otherDevice: number;

  const topic = () => gwTopic(station, 'telemetry');
  const values = (type: FleetDeviceType, set: Record<string, number> = {}) =>
    POINTS[type].map((p) => set[p.name] ?? (p.name === 'soc' || p.name === 'soh' ? 50 : 1));
  const meter = (ts: number, importKwh: number) => ({
    ver: 1,
    stationId: station,
    seq: 1,
    ts,
    devices: [{ id: dev.get('meter')!, on: true, s: null, v: values('meter', { importKwh, exportKwh: 10 }) }],
  });
  const send = (payload: unknown) => fleet.onMessage(topic(), typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload));
  const rawRows = async () => (await s.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry_raw'))[0]!.n;
  const energy = async () =>
    (
      await s.services.db.query<{ imp: number | null; n: number }>(
        'SELECT sum(grid_import)::float8 AS imp, count(*)::int AS n FROM station_energy WHERE station_id = $1',
        [station],
      )
    )[0]!;

  beforeAll(async () => {
    s = await startTestServer('pglite', { clock: () => NOW });
    fleet = s.services.fleet!;
    const rows = await s.services.db.query<{ id: number; stationId: number; type: FleetDeviceType }>(
      'SELECT id, station_id AS "stationId", type FROM devices ORDER BY id',
    );
    const has = (sid: number, t: FleetDeviceType) => rows.some((r) => r.stationId === sid && r.type === t);
    station = rows.find((r) => has(r.stationId, 'meter') && has(r.stationId, 'battery_cluster') && has(r.stationId, 'pv_inverter'))!.stationId;
    for (const r of rows) if (r.stationId === station && !dev.has(r.type)) dev.set(r.type, r.id);
    other = rows.find((r) => r.stationId !== station)!.stationId;
    otherDevice = rows.find((r) => r.stationId === other)!.id;
    // a baseline and one plausible step: 0.5 kWh in 5 s
    send(meter(NOW - 10_000, 100));
    send(meter(NOW - 5_000, 100.5));
    expect(fleet.store.rejected).toBe(0);
    await fleet.store.flush(s.services.db, { all: true });
  });
  afterAll(async () => s?.close());

  const refused = async (payload: unknown, reason: string) => {
    const before = { n: fleet.store.rejected, by: fleet.store.rejections.byReason.get(reason as never)!, raw: await rawRows(), e: await energy() };
    send(payload);
    await fleet.store.flush(s.services.db, { all: true });
    expect(fleet.store.rejected).toBe(before.n + 1);
    expect(fleet.store.rejections.byReason.get(reason as never)).toBe(before.by + 1);
    expect(await rawRows()).toBe(before.raw);
    expect(await energy()).toEqual(before.e);
  };

  it('refuses a frame dated 10 years ahead and one of 1970', async () => {
    await refused(meter(NOW + 10 * YEAR, 100.6), 'future');
    await refused(meter(1000, 100.6), 'tooOld');
    // older than the meter's last sample
    await refused(meter(NOW - 7_000, 100.6), 'outOfOrder');
    const [{ n }] = (await s.services.db.query<{ n: number }>(
      "SELECT (SELECT count(*) FROM telemetry_raw WHERE ts > now() + interval '1 year' OR ts < '2000-01-01') + (SELECT count(*) FROM station_energy WHERE bucket < '2000-01-01' OR bucket > to_timestamp($1 / 1000.0))::int AS n",
      [NOW + 3_600_000],
    )) as [{ n: number }];
    expect(Number(n)).toBe(0);
  });

  /** A reading whose counters are refused: counted, stored with its counters empty, never energy. */
  const counterRefused = async (payload: ReturnType<typeof meter>, reason: string) => {
    const before = { by: fleet.store.rejections.byReason.get(reason as never)!, e: await energy() };
    send(payload);
    await fleet.store.flush(s.services.db, { all: true });
    expect(fleet.store.rejections.byReason.get(reason as never)).toBe(before.by + 1);
    expect(await energy()).toEqual(before.e);
    const [row] = await s.services.db.query<{ v: (number | null)[] }>('SELECT v FROM telemetry_raw WHERE device_id = $1 AND ts = to_timestamp($2 / 1000.0)', [
      dev.get('meter')!,
      payload.ts,
    ]);
    expect(row!.v[IMPORT]).toBeNull();
    expect(row!.v[pointIndex('meter', 'v')]).toBe(1);
  };

  it('refuses a counter jumping from 100 to 1e12 and one going back, and the income stays sane', async () => {
    await counterRefused(meter(NOW, 1e12), 'counterJump');
    await counterRefused(meter(NOW + 1000, 50), 'counterBackwards');
    // the next plausible reading continues from the last accepted one
    send(meter(NOW + 5_000, 100.8));
    await fleet.store.flush(s.services.db, { all: true });
    expect((await energy()).imp).toBeCloseTo(0.8, 5);
    const token = await s.login('admin', 'Admin@2026');
    const o = await s.call('queryStationOverview', { stationId: station }, token);
    expect(o.code).toBe(0);
    expect(o.data.energy.today.gridImportKwh).toBeLessThan(1);
    expect(Math.abs(o.data.income.total)).toBeLessThan(10);
  });

  it('refuses SOC outside 0..100 and negative PV power beyond noise', async () => {
    const one = (type: FleetDeviceType, set: Record<string, number>, ts: number) => ({
      ver: 1,
      stationId: station,
      seq: 3,
      ts,
      devices: [{ id: dev.get(type)!, on: true, s: 0, v: values(type, set) }],
    });
    await refused(one('battery_cluster', { soc: 150 }, NOW + 6_000), 'outOfBounds');
    await refused(one('battery_cluster', { soc: -3 }, NOW + 7_000), 'outOfBounds');
    await refused(one('pv_inverter', { p: -500, totalKwh: 1 }, NOW + 8_000), 'outOfBounds');
    // a little night-time draw is noise, and taken
    send(one('pv_inverter', { p: -0.3, totalKwh: 1 }, NOW + 9_000));
    expect(fleet.store.latest.get(dev.get('pv_inverter')!)?.v[pointIndex('pv_inverter', 'p')]).toBe(-0.3);
    await fleet.store.flush(s.services.db, { all: true });
  });

  it('counts and drops 22 kinds of malformed frames without storing anything', async () => {
    const ok = meter(NOW + 10_000, 100.9);
    const long = { ...ok, devices: [{ ...ok.devices[0]!, v: [...ok.devices[0]!.v, 1, 2, 3] }] };
    const cases: [unknown, string][] = [
      ['{"ver":1,', 'invalidJson'],
      ['', 'invalidJson'],
      [Buffer.from([0xff, 0xfe, 0x00, 0x01]), 'invalidJson'],
      ['NaN', 'invalidJson'],
      ['null', 'schema'],
      ['[]', 'schema'],
      ['"frame"', 'schema'],
      ['42', 'schema'],
      [{ ...ok, ver: 2 }, 'schema'],
      [{ ...ok, stationId: String(station) }, 'schema'],
      [{ ...ok, ts: undefined }, 'schema'],
      [{ ...ok, ts: -5 }, 'schema'],
      [{ ...ok, ts: 1.5 }, 'schema'],
      [{ ...ok, devices: {} }, 'schema'],
      [{ ...ok, devices: [{ ...ok.devices[0]!, id: 0 }] }, 'schema'],
      [{ ...ok, devices: [{ ...ok.devices[0]!, v: ['1'] }] }, 'schema'],
      [{ ...ok, devices: [{ ...ok.devices[0]!, s: 500 }] }, 'schema'],
      [{ ...ok, devices: Array.from({ length: 513 }, () => ok.devices[0]) }, 'schema'],
      [{ ...ok, stationId: other }, 'foreignStation'],
      [{ ...ok, devices: [{ ...ok.devices[0]!, id: otherDevice }] }, 'foreignDevice'],
      [long, 'pointCount'],
      [Buffer.alloc(64 * 1024 * 1024, 0x20), 'oversized'],
    ];
    expect(cases).toHaveLength(22);
    for (const [payload, reason] of cases) await refused(payload, reason);
  });
});
