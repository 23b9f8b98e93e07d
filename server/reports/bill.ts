import type { z } from 'zod';
import type { billDetail, billSummary } from '../../protocol/actions/report-shapes';
import { currencyLabel } from '../../protocol/currency';
import { addDateDays, addMonthKey, dateKey, dateStart, formatWall } from '../../protocol/site-time';
import { money as round4, kwh } from '../analytics/wire';
import type { Queryable } from '../db/db';
import { PERIOD_ORDER, loadMetered, loadPricing, priceRange, sumBills, toCents, type DayBill, type StationZone } from '../money';
import { priceMonths, ratchetReach, type MonthCharges } from '../money/months';
import { billPeriodWord, chargeLines, demandSheet, demandSummary, missingSummary, tierWord } from './bill-charges';
import { word, type FileLang } from './labels';
import type { FileColumn } from './numbers';
import type { FileTable } from './table';

// Monthly bills of a station, from the days the one pricing function bills (server/money):
// energy and money per tariff period, diesel fuel cost, the month's tiered-rate adders, demand,
// capacity and fixed charges (server/money/months.ts), the total rounded once.

export type BillSummary = z.input<typeof billSummary>;
export type BillDetail = z.input<typeof billDetail>;

const lastOfMonth = (m: string) => addDateDays(`${addMonthKey(m, 1)}-01`, -1);

/** A station as billed: its money is in its provider's currency. */
export type BilledStation = StationZone & { currency: string };

interface MonthBills {
  month: string;
  days: DayBill[];
  generatorKwh: number;
  charges: MonthCharges;
}

/** Billed days of months `first`..`last` ('YYYY-MM'), grouped by month (months without intervals left out). */
const monthsOf = async (db: Queryable, st: StationZone, first: string, last: string): Promise<MonthBills[]> => {
  const [pricing, [station]] = await Promise.all([
    loadPricing({ db }, st.id, st.timezone),
    db.query<{ capacityKva: number | null }>('SELECT capacity_kva::float8 AS "capacityKva" FROM stations WHERE id = $1', [st.id]),
  ]);
  // a ratchet looks back at the actual peaks of earlier months: read those months too
  const from = addMonthKey(first, -ratchetReach(pricing));
  const all = await loadMetered({ db }, st, `${from}-01`, lastOfMonth(last));
  const start = dateStart(st.timezone, `${first}-01`);
  const metered = all.filter((iv) => iv.bucket >= start);
  const gen = new Map<string, number>();
  for (const iv of metered) {
    const m = dateKey(st.timezone, iv.bucket).slice(0, 7);
    gen.set(m, (gen.get(m) ?? 0) + iv.generator);
  }
  const byMonth = new Map<string, DayBill[]>();
  for (const d of priceRange(metered, pricing)) {
    const m = d.date.slice(0, 7);
    (byMonth.get(m) ?? byMonth.set(m, []).get(m)!).push(d);
  }
  const charges = priceMonths(all, pricing, { capacityKva: station?.capacityKva ?? null }, [...byMonth.keys()]);
  return charges.map((c) => ({ month: c.month, days: byMonth.get(c.month)!, generatorKwh: gen.get(c.month) ?? 0, charges: c }));
};

/** The station's month now ('YYYY-MM'): its bill and later ones are provisional. */
const currentMonth = (st: StationZone, now: number): string => dateKey(st.timezone, now).slice(0, 7);

const summaryOf = (st: BilledStation, b: MonthBills, current: string): BillSummary => {
  const s = sumBills(b.days);
  return {
    billId: `${st.id}-${b.month}`,
    month: b.month,
    currency: st.currency,
    provisional: b.month >= current,
    gridAmount: s.total,
    fuelCost: s.fuelCostTotal,
    chargesAmount: b.charges.total,
    amount: toCents(s.total + s.fuelCostTotal + b.charges.total),
    importKwh: kwh(b.days.reduce((a, d) => a + d.importKwh, 0)),
    exportKwh: kwh(b.days.reduce((a, d) => a + d.exportKwh, 0)),
  };
};

/** The year's bills up to the station's current month. */
export const billList = async (db: Queryable, st: BilledStation, year: number, now: number): Promise<BillSummary[]> => {
  const current = currentMonth(st, now);
  const last = [`${year}-12`, current].sort()[0]!;
  if (last < `${year}-01`) return [];
  return (await monthsOf(db, st, `${year}-01`, last)).map((b) => summaryOf(st, b, current));
};

/** how many of the intervals without a dynamic price a bill names */
const MISSING_SHOWN = 4;

const price = (amount: number, qty: number) => (qty > 0 ? Math.round((amount / qty) * 10_000) / 10_000 : 0);

export const billDetailOf = async (db: Queryable, st: BilledStation & { name: string }, month: string, now: number): Promise<BillDetail | null> => {
  const [b] = await monthsOf(db, st, month, month);
  if (!b) return null;
  const lines: BillDetail['lines'] = [];
  for (const p of PERIOD_ORDER) {
    const imp = b.days.reduce((a, d) => a + (d.periods.find((x) => x.period === p)?.importKwh ?? 0), 0);
    const cost = b.days.reduce((a, d) => a + (d.periods.find((x) => x.period === p)?.importCost ?? 0), 0);
    const exp = b.days.reduce((a, d) => a + (d.periods.find((x) => x.period === p)?.exportKwh ?? 0), 0);
    const feed = b.days.reduce((a, d) => a + (d.periods.find((x) => x.period === p)?.feedInRevenue ?? 0), 0);
    if (imp > 0) lines.push({ period: p, direction: 'import', quantity: kwh(imp), unit: 'kWh', price: price(cost, imp), amount: round4(cost) });
    if (exp > 0) lines.push({ period: p, direction: 'export', quantity: kwh(exp), unit: 'kWh', price: price(feed, exp), amount: -round4(feed) });
  }
  // energy at dynamic interval prices, apart from the time-of-use periods above
  const dyn = b.days.reduce(
    (a, d) => ({ i: a.i + d.dynamic.importKwh, c: a.c + d.dynamic.importCost, e: a.e + d.dynamic.exportKwh, f: a.f + d.dynamic.feedInRevenue }),
    {
      i: 0,
      c: 0,
      e: 0,
      f: 0,
    },
  );
  if (dyn.i > 0) lines.push({ period: 'dynamic', direction: 'import', quantity: kwh(dyn.i), unit: 'kWh', price: price(dyn.c, dyn.i), amount: round4(dyn.c) });
  if (dyn.e > 0) lines.push({ period: 'dynamic', direction: 'export', quantity: kwh(dyn.e), unit: 'kWh', price: price(dyn.f, dyn.e), amount: -round4(dyn.f) });
  const missing = b.days.flatMap((d) => d.missing);
  // diesel in litres (metered, or generator kWh ÷ kWh per litre: server/money), at the average price per litre
  const fuel = b.days.reduce((a, d) => a + d.fuelCost, 0);
  const litres = b.days.reduce((a, d) => a + d.fuelLitres, 0);
  if (fuel > 0 || litres > 0 || b.generatorKwh > 0)
    lines.push({ period: 'diesel', direction: 'fuel', quantity: kwh(litres), unit: 'L', price: price(fuel, litres), amount: round4(fuel) });
  lines.push(...chargeLines(b.charges, st.timezone));
  const s = summaryOf(st, b, currentMonth(st, now));
  const tariffNames = [...new Set([...b.days.flatMap((d) => (d.tariffName ? [d.tariffName] : [])), ...(b.charges.tariff ? [b.charges.tariff.name] : [])])];
  const dynamicMissing = missing.length
    ? { intervals: missing.length, first: missing.slice(0, MISSING_SHOWN).map((t) => formatWall(st.timezone, t).slice(0, 16)) }
    : null;
  return { ...s, stationId: st.id, stationName: st.name, timezone: st.timezone, tariffNames, days: b.days.length, lines, dynamicMissing, total: s.amount };
};

/** The bill as a file: "Bill · <station> · <month>", a line per tariff period and direction, the make-up below. */
export const billTable = (b: BillDetail, lang: FileLang, generated: string): FileTable => {
  const period = (p: string) => billPeriodWord(p, lang);
  const cur = currencyLabel(b.currency, lang);
  const priceUnit = `${cur}/${word('unit', lang)}`;
  const columns: FileColumn[] = [
    { name: word('tariffPeriod', lang), unit: null, kind: 'text' },
    { name: word('direction', lang), unit: null, kind: 'text' },
    { name: word('quantity', lang), unit: null, kind: 'decimal' },
    { name: word('unit', lang), unit: null, kind: 'text' },
    { name: word('price', lang), unit: priceUnit, kind: 'price' },
    { name: word('amount', lang), unit: cur, kind: 'money' },
  ];
  return {
    title: [word('bill', lang), b.stationName, b.month, ...(b.provisional ? [word('provisional', lang)] : [])].join(' · '),
    fileBase: `bill_${b.stationId}_${b.month}`,
    params: [
      [word('station', lang), b.stationName],
      [word('month', lang), b.month],
      [word('tariff', lang), b.tariffNames.join(', ')],
      [word('currency', lang), cur],
      [word('status', lang), word(b.provisional ? 'provisionalNote' : 'final', lang)],
      [word('generated', lang), generated],
    ],
    header: [
      word('tariffPeriod', lang),
      word('direction', lang),
      word('quantity', lang),
      word('unit', lang),
      `${word('price', lang)} (${priceUnit})`,
      `${word('amount', lang)} (${cur})`,
    ],
    columns,
    rows: b.lines.map((l) => [
      l.tier ? tierWord(l.tier, lang) : period(l.period),
      word(l.direction, lang),
      l.quantity,
      l.unit === 'month' ? word('unitMonth', lang) : l.unit,
      l.price,
      l.amount,
    ]),
    totals: [b.provisional ? `${word('total', lang)} (${word('provisional', lang)})` : word('total', lang), '', null, '', null, b.total],
    firstNumber: 2,
    money: [4, 5],
    chart: null,
    sheets: demandSheet(b, lang),
    summary: [
      { label: word('importTotal', lang), value: b.importKwh, unit: 'kWh', kind: 'decimal' },
      { label: word('exportTotal', lang), value: b.exportKwh, unit: 'kWh', kind: 'decimal' },
      { label: word('gridAmount', lang), value: b.gridAmount, unit: cur, kind: 'money' },
      { label: word('fuelCost', lang), value: b.fuelCost, unit: cur, kind: 'money' },
      ...demandSummary(b, lang),
      ...missingSummary(b, lang),
      ...(b.chargesAmount ? [{ label: word('chargesAmount', lang), value: b.chargesAmount, unit: cur, kind: 'money' as const }] : []),
      {
        label: b.provisional ? `${word('amountDue', lang)} (${word('provisional', lang)})` : word('amountDue', lang),
        value: b.amount,
        unit: cur,
        kind: 'money',
      },
    ],
  };
};
