import type { z } from 'zod';
import type { billDetail, billLine, demandPeak } from '../../protocol/actions/report-shapes';
import { currencyLabel } from '../../protocol/currency';
import { formatWall } from '../../protocol/site-time';
import { money as round4, kwh } from '../analytics/wire';
import type { DemandLine } from '../money/demand';
import type { MonthCharges } from '../money/months';
import { word, type FileLang } from './labels';
import type { FileTable } from './table';

// The lines of a bill's monthly charges: one per tier of tiered energy rates (its kWh and adder),
// one per demand charge (its billed kW after the ratchet,
// with the month's own peak and when it happened on the station's clock), the capacity charge
// (the station's kVA) and the fixed fee. Amounts keep full precision; the month's total of
// these lines is rounded once (server/money/demand.ts).

type BillLine = z.input<typeof billLine>;
type BillDetail = z.input<typeof billDetail>;

/** A demand line's peak window (when, on the station's clock) and ratchet floor, as the bill and the month so far show them. */
export const demandPeakWire = (d: DemandLine, zone: string): z.input<typeof demandPeak> => ({
  windowMinutes: d.charge.windowMinutes,
  periods: d.charge.periods ? [...d.charge.periods] : null,
  peakKw: d.peak ? kwh(d.peak.kw) : null,
  peakAt: d.peak ? new Date(d.peak.at).toISOString() : null,
  peakLocal: d.peak ? formatWall(zone, d.peak.at).slice(0, 16) : null,
  ratchetKw: kwh(d.ratchetKw),
  incompleteWindows: d.peak?.incompleteWindows ?? 0,
});

const perUnit = (amount: number, qty: number) => (qty > 0 ? Math.round((amount / qty) * 10_000) / 10_000 : 0);

export const chargeLines = (c: MonthCharges, zone: string): BillLine[] => {
  const tiers: BillLine[] = c.blocks.map((b) => ({
    period: `tier${b.tier}`,
    direction: 'tier',
    quantity: kwh(b.kwh),
    unit: 'kWh',
    price: b.adderPerKwh,
    amount: round4(b.amount),
    tier: { tier: b.tier, fromKwh: b.fromKwh },
  }));
  const lines: BillLine[] = c.demand.map((d) => ({
    period: d.charge.periods ? d.charge.periods.join(',') : 'all',
    direction: 'demand',
    quantity: kwh(d.billedKw),
    unit: 'kW',
    price: d.charge.pricePerKw,
    amount: round4(d.amount),
    demand: { ...demandPeakWire(d, zone), ratchet: d.charge.ratchet ?? null },
  }));
  if (c.capacity)
    lines.push({
      period: 'capacity',
      direction: 'capacity',
      quantity: c.capacity.kva,
      unit: 'kVA',
      price: perUnit(c.capacity.amount, c.capacity.kva),
      amount: round4(c.capacity.amount),
    });
  if (c.fixedFee > 0) lines.push({ period: 'fixed', direction: 'fixed', quantity: 1, unit: 'month', price: c.fixedFee, amount: round4(c.fixedFee) });
  return [...tiers, ...lines];
};

const PERIOD_WORDS = new Set(['sharp', 'peak', 'flat', 'valley', 'diesel', 'dynamic']);
/** A line's period in a file: a tariff period, diesel, "All hours" or the demand periods; capacity and fixed have none. */
export const billPeriodWord = (p: string, lang: FileLang): string => {
  if (p === 'all') return word('allHours', lang);
  if (p === 'capacity' || p === 'fixed') return '—';
  return p
    .split(',')
    .map((x) => (PERIOD_WORDS.has(x) ? word(x as 'peak', lang) : x))
    .join(lang === 'zh' ? '、' : ', ');
};

/** A tier line's name in a file: "Tier 2 (from 5,000 kWh)", "第 2 档（5,000 kWh 起）". */
export const tierWord = (t: { tier: number; fromKwh: number }, lang: FileLang): string => {
  const from = t.fromKwh.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');
  return lang === 'zh' ? `第 ${t.tier} 档（${from} kWh 起）` : `Tier ${t.tier} (from ${from} kWh)`;
};

const demandOf = (b: BillDetail) => b.lines.flatMap((l) => (l.demand ? [{ l, d: l.demand }] : []));

/** Under the PDF's table: each demand charge's own peak, when it happened (station time), and the ratchet floor. */
export const demandSummary = (b: BillDetail, lang: FileLang): NonNullable<FileTable['summary']> =>
  demandOf(b).flatMap(({ l, d }) => {
    const what = `${billPeriodWord(l.period, lang)}, ${d.windowMinutes} ${word('minutes', lang)}`;
    const when = d.peakLocal ? ` · ${d.peakLocal} (${b.timezone})` : '';
    return [
      { label: `${word('peakDemand', lang)} (${what})${when}`, value: d.peakKw ?? word('noData', lang), unit: 'kW', kind: 'decimal' as const },
      ...(d.ratchet
        ? [
            {
              label: `${word('ratchetFloor', lang)} (${d.ratchet.percent} % · ${d.ratchet.months} ${word('months', lang)})`,
              value: d.ratchetKw,
              unit: 'kW',
              kind: 'decimal' as const,
            },
          ]
        : []),
    ];
  });

/** Under the table: intervals that had no dynamic price and were priced at time-of-use, with the first of them. */
export const missingSummary = (b: BillDetail, lang: FileLang): NonNullable<FileTable['summary']> =>
  b.dynamicMissing
    ? [
        {
          label: `${word('dynamicMissing', lang)} · ${b.dynamicMissing.first.join(', ')}${b.dynamicMissing.intervals > b.dynamicMissing.first.length ? ' …' : ''} (${b.timezone})`,
          value: b.dynamicMissing.intervals,
          unit: word('intervals', lang),
          kind: 'decimal' as const,
        },
      ]
    : [];

/** The workbook's make-up of the demand lines (XLSX shows no summary): the same figures as the bill's lines. */
export const demandSheet = (b: BillDetail, lang: FileLang): FileTable['sheets'] => {
  const rows = demandOf(b);
  if (!rows.length) return undefined;
  const cur = currencyLabel(b.currency, lang);
  return [
    {
      title: word('demandMakeUp', lang),
      header: [
        word('period', lang),
        `${word('window', lang)} (${word('minutes', lang)})`,
        `${word('peakDemand', lang)} (kW)`,
        `${word('peakAt', lang)} (${b.timezone})`,
        `${word('ratchetFloor', lang)} (kW)`,
        `${word('billedDemand', lang)} (kW)`,
        `${word('price', lang)} (${cur}/kW)`,
        `${word('amount', lang)} (${cur})`,
      ],
      rows: rows.map(({ l, d }) => [
        billPeriodWord(l.period, lang),
        d.windowMinutes,
        d.peakKw ?? word('noData', lang),
        d.peakLocal ?? word('noData', lang),
        d.ratchetKw,
        l.quantity,
        l.price,
        l.amount,
      ]),
      money: [7],
    },
  ];
};
