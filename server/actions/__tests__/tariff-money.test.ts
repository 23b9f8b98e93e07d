import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type Answer, type TestServer } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';
import { dateStart } from '../../../protocol/site-time';

// The bill preview and fuel price windows against a station moved to Europe/Berlin, with
// metered energy written for 2001-10-28, the day Berlin's clocks went back (25 hours).

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
type Period = 'sharp' | 'peak' | 'flat' | 'valley';
const slot = (start: string, end: string, period: Period, fromGridPrice: number, feedInPrice: number) => ({ start, end, period, fromGridPrice, feedInPrice });
const oldSeasons = [
  {
    months: ALL_MONTHS,
    slots: [slot('00:00', '02:00', 'valley', 0.1, 0.02), slot('02:00', '03:00', 'sharp', 1.0, 0.5), slot('03:00', '24:00', 'flat', 0.3, 0.05)],
  },
];
const flatDraft = [{ months: ALL_MONTHS, slots: [slot('00:00', '24:00', 'flat', 0.2, 0.1)] }];
const DST_DAY = '2001-10-28';

const expectNotFound = (r: Answer<unknown>) =>
  expect({ status: r.status, code: r.code, data: r.data }).toEqual({ status: 404, code: ErrorCode.notFound, data: null });
const expectInvalid = (r: Answer<unknown>, path: string, issue?: string) => {
  expect(r.status).toBe(422);
  expect(r.code).toBe(ErrorCode.validationFailed);
  expect((r.data as { issues: unknown[] }).issues).toEqual(expect.arrayContaining([expect.objectContaining(issue ? { path, issue } : { path })]));
};

describe.each(backends())('tariff bill preview and fuel price windows (%s)', (backend) => {
  let s: TestServer;
  let tokA: string;
  let admin: string;
  let stA: number;
  let stB: number;
  let oldTariff: number;
  let tariffB: number;

  beforeAll(async () => {
    s = await startTestServer(backend, { config: { sessionIdleMinutes: 60 * 24 * 800, sessionAbsoluteHours: 24 * 800 } });
    const fx = await s.fixtures();
    const [pA, pB] = fx.providers as [number, number];
    stA = fx.stationOf.get(pA)![0]!;
    stB = fx.stationOf.get(pB)![0]!;
    const db = s.services.db;
    await db.query("UPDATE stations SET timezone = 'Europe/Berlin' WHERE id = $1", [stA]);
    await s.services.registry.load(db);
    const ins = (station: number, d: string, seasons: unknown) =>
      db.query<{ id: number }>('INSERT INTO tariffs(station_id, name, effective_date, seasons) VALUES ($1, $2, $3::date, $4::jsonb) RETURNING id', [
        station,
        `from ${d}`,
        d,
        JSON.stringify(seasons),
      ]);
    oldTariff = (await ins(stA, '2001-01-01', oldSeasons))[0]!.id;
    tariffB = (await ins(stB, '2001-01-01', oldSeasons))[0]!.id;
    // every quarter of the local day (22:00 UTC the day before → 23:00 UTC): import 1, export 0.5;
    // one quarter on each neighbouring day that must not count
    await db.query(
      `INSERT INTO station_energy(station_id, bucket, grid_import, grid_export)
       SELECT $1, b, 1, 0.5 FROM generate_series('2001-10-27T21:45:00Z'::timestamptz, '2001-10-28T23:00:00Z'::timestamptz, interval '15 minutes') AS b`,
      [stA],
    );
    tokA = await s.login('sunrise', 'Sunrise@2026');
    admin = await s.login('admin', 'Admin@2026');
  });
  afterAll(() => s.close());

  describe('previewTariffBill', () => {
    // by hand, 100 quarters: valley 8 × (0.1 − 0.5 × 0.02) = 0.72; sharp 02:00-03:00 twice,
    // 8 × (1.0 − 0.25) = 6; flat 84 × (0.3 − 0.025) = 23.1 → 29.82. The flat draft: 100 × 0.15 = 15.
    it('prices the 25-hour day under a draft and under the tariff in force, per period, with the difference', async () => {
      const r = await s.call('previewTariffBill', { stationId: stA, date: DST_DAY, name: 'Flat draft', seasons: flatDraft }, tokA);
      expect(r.code).toBe(0);
      expect(r.data).toMatchObject({
        stationId: stA,
        date: DST_DAY,
        timezone: 'Europe/Berlin',
        hours: 25,
        intervals: 100,
        currency: 'CNY',
        difference: -14.82,
      });
      expect(r.data.inForce).toMatchObject({ tariffId: oldTariff, importKwh: 100, exportKwh: 50, total: 29.82 });
      expect(r.data.inForce!.periods.map((p) => [p.period, p.importKwh, p.amount])).toEqual([
        ['sharp', 8, 6],
        ['peak', 0, 0],
        ['flat', 84, 23.1],
        ['valley', 8, 0.72],
      ]);
      expect(r.data.candidate).toMatchObject({ tariffName: 'Flat draft', total: 15 });
    });

    it('previews a stored tariff by id; a read-only role may', async () => {
      const reader = (await s.makeAccount({ orgId: (await s.fixtures()).providers[0]!, permissions: ['electricityPriceManagement.historyPrice'] })).token;
      const r = await s.call('previewTariffBill', { stationId: stA, date: DST_DAY, tariffId: oldTariff }, reader);
      expect(r.code).toBe(0);
      expect([r.data.candidate.total, r.data.inForce!.total, r.data.difference]).toEqual([29.82, 29.82, 0]);
    });

    it('never re-prices a past day: a tariff effective tomorrow leaves it equal to the cent', async () => {
      const before = await s.call('previewTariffBill', { stationId: stA, date: DST_DAY, tariffId: oldTariff }, tokA);
      const tomorrow = new Date(s.clock.now + DAY).toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' });
      const saved = await s.call(
        'saveTariff',
        { stationId: stA, name: 'Expensive', effectiveDate: tomorrow, seasons: [{ months: ALL_MONTHS, slots: [slot('00:00', '24:00', 'peak', 9.9, 0)] }] },
        tokA,
      );
      expect(saved.code).toBe(0);
      const after = await s.call('previewTariffBill', { stationId: stA, date: DST_DAY, tariffId: oldTariff }, tokA);
      expect(after.data.inForce).toEqual(before.data.inForce);
      expect(after.data.inForce!.total).toBe(29.82);
    });

    it('a role without a tariff read permission is refused', async () => {
      const writer = (await s.makeAccount({ orgId: (await s.fixtures()).providers[0]!, permissions: ['tariff.edit'] })).token;
      const r = await s.call('previewTariffBill', { stationId: stA, date: DST_DAY, seasons: flatDraft }, writer);
      expect({ status: r.status, code: r.code, data: r.data }).toEqual({ status: 403, code: ErrorCode.forbidden, data: null });
    });

    it("another provider's station or tariff answers notFound, like a missing one", async () => {
      expectNotFound(await s.call('previewTariffBill', { stationId: stB, date: DST_DAY, seasons: flatDraft }, tokA));
      expectNotFound(await s.call('previewTariffBill', { stationId: stA, date: DST_DAY, tariffId: tariffB }, tokA));
      // the platform sees both, but a tariff previews only on its own station
      expectInvalid(await s.call('previewTariffBill', { stationId: stA, date: DST_DAY, tariffId: tariffB }, admin), 'tariffId', 'stationMismatch');
    });

    it('refuses an invalid payload at its field', async () => {
      expectInvalid(await s.call('previewTariffBill', { stationId: stA, date: '2001-13-40', seasons: flatDraft }, tokA), 'date');
      expectInvalid(await s.call('previewTariffBill', { stationId: stA, date: DST_DAY }, tokA), 'tariffId', 'oneOf');
      expectInvalid(await s.call('previewTariffBill', { stationId: stA, date: DST_DAY, tariffId: oldTariff, seasons: flatDraft }, tokA), 'seasons', 'oneOf');
      const gap = [{ months: ALL_MONTHS, slots: [slot('00:00', '20:00', 'flat', 0.2, 0.1)] }];
      expectInvalid(await s.call('previewTariffBill', { stationId: stA, date: DST_DAY, seasons: gap }, tokA), 'seasons.0.slots', 'hoursIncomplete');
    });
  });

  describe('fuel price windows', () => {
    it('status turns active at the local start and expired at the local end while the server runs', async () => {
      // two Berlin midnights 40 and 41 days ahead, written with the station's offset that day
      const midnight = (n: number) => {
        const date = new Date(s.clock.now + n * DAY).toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' });
        const start = dateStart('Europe/Berlin', date);
        const off = (Date.parse(`${date}T00:00:00Z`) - start) / 60_000;
        return `${date}T00:00:00+${String(off / 60).padStart(2, '0')}:00`;
      };
      const startTime = midnight(40);
      const endTime = midnight(41);
      const saved = await s.call('saveOilPrice', { stationId: stA, startTime, endTime, pricePerLitre: 1.2, kwhPerLitre: 3.5 }, tokA);
      expect(saved.code).toBe(0);
      const statusAt = async (ms: number) => {
        s.clock.now = ms;
        const r = await s.call('queryOilPriceList', { stationId: stA, length: 1000 }, tokA);
        return r.data.dataList.find((o) => o.oilPriceId === saved.data.oilPriceId)!.status;
      };
      const real = s.clock.now;
      try {
        expect(await statusAt(Date.parse(startTime) - 1000)).toBe('pending');
        expect(await statusAt(Date.parse(startTime))).toBe('active');
        expect(await statusAt(Date.parse(endTime) - 1000)).toBe('active');
        expect(await statusAt(Date.parse(endTime))).toBe('expired');
      } finally {
        s.clock.now = real;
      }
    });

    it('an overlapping window is refused, naming the field and the window in the way', async () => {
      const t0 = s.clock.now + 100 * DAY;
      const iso = (ms: number) => new Date(ms).toISOString();
      const first = await s.call(
        'saveOilPrice',
        { stationId: stA, startTime: iso(t0), endTime: iso(t0 + 10 * DAY), pricePerLitre: 1.1, kwhPerLitre: 3.2 },
        tokA,
      );
      expect(first.code).toBe(0);
      const late = await s.call(
        'saveOilPrice',
        { stationId: stA, startTime: iso(t0 + 5 * DAY), endTime: iso(t0 + 20 * DAY), pricePerLitre: 1, kwhPerLitre: 3 },
        tokA,
      );
      expect(late.status).toBe(409);
      expect(late.data).toMatchObject({
        reason: 'overlap',
        field: 'startTime',
        oilPriceId: first.data.oilPriceId,
        startTime: iso(t0),
        endTime: iso(t0 + 10 * DAY),
      });
      const early = await s.call(
        'saveOilPrice',
        { stationId: stA, startTime: iso(t0 - 5 * DAY), endTime: iso(t0 + HOUR), pricePerLitre: 1, kwhPerLitre: 3 },
        tokA,
      );
      expect(early.data).toMatchObject({ reason: 'overlap', field: 'endTime' });
    });
  });
});
