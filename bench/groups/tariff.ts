// Tariff pricing benchmark:
//   tariff.year_bill_ms   a station-year of 15-minute metered energy (35,040 intervals) priced as
//                         the bills price it: day by day under a two-season, eight-slot time-of-use
//                         tariff with fuel price windows, and month by month its peak-period demand
//                         charge (30-minute windows, ratchet 80 % of the previous 11 months, whose
//                         earlier peaks are computed too), a fixed monthly fee and three tiered
//                         rates over the month's cumulative import, by the server's
//                         functions (server/money), with one quarter (October-December) under hourly
//                         dynamic prices of a feed that lacks one day's prices; median of 5
//                         (target <= 150).
import { priceRange, sumBills, toCents, type MeteredInterval, type Pricing, type Tariff } from '../../server/money';
import { feedQuarters, type FeedPriceRow } from '../../server/money/dynamic';
import { priceMonths } from '../../server/money/months';
import { dateStart } from '../../protocol/site-time';
import { log, median, report } from '../report';

const RUNS = 5;
const ZONE = 'Europe/Berlin'; // a zone with two daylight-saving days in the year
const MONTHS = Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`);

const eightSlots = (scale: number) => [
  { start: '00:00', end: '06:00', period: 'valley' as const, fromGridPrice: 0.0812 * scale, feedInPrice: 0.03 },
  { start: '06:00', end: '08:00', period: 'flat' as const, fromGridPrice: 0.1523 * scale, feedInPrice: 0.05 },
  { start: '08:00', end: '10:30', period: 'peak' as const, fromGridPrice: 0.2411 * scale, feedInPrice: 0.07 },
  { start: '10:30', end: '12:00', period: 'sharp' as const, fromGridPrice: 0.3307 * scale, feedInPrice: 0.09 },
  { start: '12:00', end: '14:10', period: 'flat' as const, fromGridPrice: 0.1523 * scale, feedInPrice: 0.05 },
  { start: '14:10', end: '17:00', period: 'peak' as const, fromGridPrice: 0.2411 * scale, feedInPrice: 0.07 },
  { start: '17:00', end: '21:00', period: 'sharp' as const, fromGridPrice: 0.3307 * scale, feedInPrice: 0.09 },
  { start: '21:00', end: '24:00', period: 'valley' as const, fromGridPrice: 0.0812 * scale, feedInPrice: 0.03 },
];

const FEED = 7;

/** Hourly day-ahead prices from 1 October to the year's end, but for 15 November (a gap the bill flags). */
const quarterOfPrices = (): FeedPriceRow[] => {
  const out: FeedPriceRow[] = [];
  const gapFrom = dateStart(ZONE, '2026-11-15');
  const gapTo = dateStart(ZONE, '2026-11-16');
  for (let t = dateStart(ZONE, '2026-10-01'), h = 0; t < dateStart(ZONE, '2027-01-01'); t += 3_600_000, h++)
    if (t < gapFrom || t >= gapTo) out.push({ feedId: FEED, start: t, resolutionMinutes: 60, importPrice: 0.1 + (h % 24) * 0.01, exportPrice: 0.04 });
  return out;
};

/** The year's version, and from October a copy of it (its own objects, as the database gives) naming the feed. */
const tariffs = (): Tariff[] => {
  const copy = tariff();
  return [tariff(), { ...copy, id: 2, name: 'with dynamic prices', effectiveDate: '2026-10-01', charges: { ...copy.charges, dynamic: { feedId: FEED } } }];
};

const tariff = (): Tariff => ({
  id: 1,
  name: 'two seasons, eight slots',
  effectiveDate: '2025-01-01',
  charges: {
    demand: [{ pricePerKw: 12.5, windowMinutes: 30, periods: ['peak', 'sharp'], ratchet: { percent: 80, months: 11 } }],
    fixedMonthlyFee: 150,
    // about 7,600 kWh a month: every month reaches the third tier
    blocks: [
      { fromKwh: 0, adderPerKwh: 0 },
      { fromKwh: 2500, adderPerKwh: 0.02 },
      { fromKwh: 5000, adderPerKwh: 0.05 },
    ],
  },
  seasons: [
    { months: [6, 7, 8, 9], slots: eightSlots(1.25) },
    { months: [1, 2, 3, 4, 5, 10, 11, 12], slots: eightSlots(1) },
  ],
});

const yearOfQuarters = (): MeteredInterval[] => {
  const out: MeteredInterval[] = [];
  const from = dateStart(ZONE, '2026-01-01');
  const to = dateStart(ZONE, '2027-01-01');
  for (let t = from, i = 0; t < to; t += 900_000, i++) {
    const hour = (i % 96) / 4;
    const sun = Math.max(0, Math.sin(((hour - 6) / 12) * Math.PI));
    out.push({ bucket: t, gridImport: 2 + (i % 11) * 0.13, gridExport: 3 * sun, load: 4 + (i % 7) * 0.2, generator: i % 96 < 8 ? 1.5 : 0, fuel: 0 });
  }
  return out;
};

export async function run(): Promise<void> {
  const intervals = yearOfQuarters();
  // one untimed pass in another zone, as a running server has compiled this code already; the
  // zone look-ups of the timed zone stay cold for the first timed run
  priceRange(intervals, { timezone: 'America/New_York', tariffs: [tariff()], oil: [] });
  const times: number[] = [];
  let total = 0;
  for (let r = 0; r < RUNS; r++) {
    // a fresh tariff and oil list each run: nothing carried over from the previous pricing
    const pricing: Pricing = {
      timezone: ZONE,
      tariffs: tariffs(),
      // read from the database as hourly rows and entered at their quarters, as loadPricing does
      feeds: feedQuarters(quarterOfPrices()),
      oil: [
        { start: dateStart(ZONE, '2026-01-01'), end: dateStart(ZONE, '2026-07-01'), pricePerLitre: 1.2, kwhPerLitre: 3.5 },
        { start: dateStart(ZONE, '2026-07-01'), end: dateStart(ZONE, '2027-01-01'), pricePerLitre: 1.35, kwhPerLitre: 3.5 },
      ],
    };
    const t0 = performance.now();
    const days = priceRange(intervals, pricing);
    const charges = priceMonths(intervals, pricing, { capacityKva: null }, MONTHS);
    total = toCents(sumBills(days).total + charges.reduce((a, c) => a + c.total, 0));
    times.push(performance.now() - t0);
    if (days.length !== 365) throw new Error(`priced ${days.length} days, expected 365`);
    if (charges.some((c) => c.demand[0]!.billedKw <= 0 || c.fixedFee !== 150)) throw new Error('a month without its demand charge or fee');
    if (charges.some((c) => !(c.blocks[2]!.kwh > 0))) throw new Error('a month that never reached its third tier');
    const dynamicDays = days.filter((d) => d.dynamic.importKwh > 0).length;
    const missing = days.reduce((a, d) => a + d.missing.length, 0);
    if (dynamicDays !== 91 || missing !== 96) throw new Error(`dynamic prices on ${dynamicDays} days with ${missing} quarters missing, expected 91 and 96`);
  }
  log(`${intervals.length} intervals, year bill ${total} USD, runs ${times.map((x) => x.toFixed(1)).join(' ')} ms`);
  report('tariff.year_bill_ms', median(times), 'ms');
}
