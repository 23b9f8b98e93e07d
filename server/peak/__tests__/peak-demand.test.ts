import { describe, expect, it } from 'vitest';
import { dateStart } from '../../../protocol/site-time';
import { backends, startTestServer } from '../../test/harness';
import { serverWorld } from '../../test/world';
import { addTariff, blankStation } from '../../test/blank-station';
import { threePeriodYear } from '../../test/tariffs';

// The month's peak demand so far and the peak alarm (stored, pushed and notified as any alarm), on
// hand-built metered intervals
// (docs/strategies.md, "Peak demand", "Peak alarm"). Europe/Berlin; valley 00-08, peak 08-18,
// flat 18-24; an all-hours 15-minute demand charge of 10/kW with a ratchet of 80 % of the
// previous 11 months, and a peak-period 60-minute one of 5/kW. The site imports 10 kWh a quarter
// (40 kW) with January's 300 kW and February's 200 kW spikes. The clock: 2026-02-20 13:05 local.

const ZONE = 'Europe/Berlin';
const QUARTER = 900_000;
const NOW = Date.parse('2026-02-20T12:05:00Z');
const seasons = threePeriodYear([0.1, 0.3, 0.2], 0.05);
const charges = {
  demand: [
    { pricePerKw: 10, windowMinutes: 15, ratchet: { percent: 80, months: 11 } },
    { pricePerKw: 5, windowMinutes: 60, periods: ['peak'] },
  ],
};
const SPIKES = new Map([
  [Date.parse('2026-01-15T09:00:00Z'), 75],
  [Date.parse('2026-02-10T08:15:00Z'), 50],
]);

type Db = { query: (sql: string, p: unknown[]) => Promise<unknown> };
const meter = (db: Db, station: number, bucket: number, kwh: number, discharge = 0) =>
  db.query(
    `INSERT INTO station_energy (station_id, bucket, load, grid_import, discharge) VALUES ($1, to_timestamp($2 / 1000.0), $3, $3, $4)
    ON CONFLICT (station_id, bucket) DO UPDATE SET grid_import = EXCLUDED.grid_import, load = EXCLUDED.load, discharge = EXCLUDED.discharge`,
    [station, bucket, kwh, discharge],
  );

describe.each(backends())('peak demand so far and the peak alarm (%s)', (backend) => {
  const w = serverWorld(
    // the notification poll off: the last case reads the events the alarm machinery wrote, which a
    // poll would plan and delete between the sweeps when the machine is slow
    () => startTestServer(backend, { clock: () => NOW, notify: { pollMs: 0 } }),
    async (s) => {
      const db = s.services.db;
      const station = (await blankStation(s, ZONE, { alsoEmpty: ['alarms'] })).id;
      await addTariff(db, station, 'Two-part', '2025-01-01', seasons, charges);
      const buckets: string[] = [];
      const kwh: number[] = [];
      for (let t = dateStart(ZONE, '2026-01-01'); t < Date.parse('2026-02-20T12:00:00Z'); t += QUARTER) {
        buckets.push(new Date(t).toISOString());
        kwh.push(SPIKES.get(t) ?? 10);
      }
      await db.query(
        `INSERT INTO station_energy (station_id, bucket, load, grid_import) SELECT $1, b, k, k FROM unnest($2::timestamptz[], $3::float8[]) AS x(b, k)`,
        [station, buckets, kwh],
      );
      // the current quarter so far: five minutes at 40 kW
      await meter(db, station, Date.parse('2026-02-20T12:00:00Z'), 40 / 12);
      return { station, token: await s.login('admin', 'Admin@2026') };
    },
    120_000,
  );

  const sweep = async (now: number) => {
    w.s.clock.now = now;
    const fleet = w.s.services.fleet!;
    await fleet.peak.sweep(now);
    await fleet.rules.settled();
    return w.s.services.db.query<{ status: number; params: Record<string, unknown>; happen: string; recovery: string | null }>(
      `SELECT status, params, happen_time AS happen, recovery_time AS recovery FROM alarms WHERE station_id = $1 AND rule_code = 'peakDemandNear' ORDER BY id`,
      [w.station],
    );
  };

  it("the overview's figure: February's peak so far, when on the station's clock, the ratchet and the charge", async () => {
    const r = await w.s.call('queryStationPeakDemand', { stationId: w.station }, w.token);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ month: '2026-02', timezone: ZONE, alarm: { marginPct: null, targetKw: null } });
    const [all, peak] = r.data.demand;
    // 200 kW at 09:15 local, below 80 % of January's 300 kW: 240 kW billed
    expect(all).toMatchObject({
      windowMinutes: 15,
      periods: null,
      peakKw: 200,
      peakLocal: '2026-02-10 09:15',
      peakAt: '2026-02-10T08:15:00.000Z',
      ratchetKw: 240,
      billedKw: 240,
      pricePerKw: 10,
      amount: 2400,
    });
    // 09:00-10:00 local: 10 + 50 + 10 + 10 kWh
    expect(peak).toMatchObject({ windowMinutes: 60, periods: ['peak'], peakKw: 80, peakLocal: '2026-02-10 09:00', billedKw: 80, amount: 400 });
  });

  it('the margin is refused at its field when out of range; an administrator sets it', async () => {
    const bad = await w.s.call('savePeakAlarm', { stationId: w.station, marginPct: 40, targetKw: null }, w.token);
    expect(bad.code).toBe(3001);
    expect(JSON.stringify(bad.data)).toContain('marginPct');
    expect(JSON.stringify(bad.data)).toContain('marginRange');
    const badTarget = await w.s.call('savePeakAlarm', { stationId: w.station, marginPct: 90, targetKw: -5 }, w.token);
    expect(JSON.stringify(badTarget.data)).toContain('targetKw');
    expect((await w.s.call('savePeakAlarm', { stationId: w.station, marginPct: 90, targetKw: null }, w.token)).code).toBe(0);
    expect((await w.s.call('queryStationPeakDemand', { stationId: w.station }, w.token)).data.alarm).toEqual({ marginPct: 90, targetKw: null });
  });

  it("raises when the window runs at 90 % of the month's peak and clears when the window has passed", async () => {
    // 40 kW so far: nothing
    expect(await sweep(NOW)).toEqual([]);
    // 18 kWh in the window's first five and a half minutes: 196 kW, 98 % of the 200 kW peak
    await meter(w.s.services.db, w.station, Date.parse('2026-02-20T12:00:00Z'), 18);
    const raised = await sweep(NOW + 30_000);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ status: 1, params: { averageKw: 196.4, referenceKw: 200, marginPct: 90, windowLocal: '2026-02-20 13:00' } });
    // a second look inside the same window adds nothing
    expect(await sweep(NOW + 120_000)).toHaveLength(1);
    // the next window, back at 40 kW: the alarm clears at the end of its window
    await meter(w.s.services.db, w.station, Date.parse('2026-02-20T12:15:00Z'), 40 / 60);
    const cleared = await sweep(Date.parse('2026-02-20T12:16:00Z'));
    expect(cleared).toHaveLength(1);
    expect(cleared[0]!.status).toBe(2);
    expect(new Date(cleared[0]!.recovery!).toISOString()).toBe('2026-02-20T12:15:00.000Z');
    // the alarm machinery's notification events: raised, then cleared
    const events = await w.s.services.db.query<{ kind: string }>(
      `SELECT e.kind FROM notification_events e JOIN alarms a ON a.id = e.alarm_id WHERE a.station_id = $1 AND a.rule_code = 'peakDemandNear' ORDER BY e.id`,
      [w.station],
    );
    expect(events.map((e) => e.kind)).toEqual(['raised', 'cleared']);
  });

  it('a target below the peak is the reference; switching the alarm off clears an open one', async () => {
    expect((await w.s.call('savePeakAlarm', { stationId: w.station, marginPct: 90, targetKw: 40 }, w.token)).code).toBe(0);
    // 12:16:30: 1 kWh in a minute and a half, 40 kW ≥ 90 % of the 40 kW target
    await meter(w.s.services.db, w.station, Date.parse('2026-02-20T12:15:00Z'), 1);
    const raised = await sweep(Date.parse('2026-02-20T12:16:30Z'));
    expect(raised.map((a) => a.status)).toEqual([2, 1]);
    expect(raised[1]!.params).toMatchObject({ referenceKw: 40, thresholdKw: 36 });
    expect((await w.s.call('savePeakAlarm', { stationId: w.station, marginPct: null, targetKw: null }, w.token)).code).toBe(0);
    expect((await sweep(Date.parse('2026-02-20T12:17:00Z'))).map((a) => a.status)).toEqual([2, 2]);
  });
});
