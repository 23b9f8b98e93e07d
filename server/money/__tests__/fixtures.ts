import type { MeteredInterval, Period, Pricing, Tariff } from '../types';

// Hand-made tariffs and metered quarters for the pricing tests.

export const QUARTER = 900_000;
export const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

export const slot = (start: string, end: string, period: Period, fromGridPrice: number, feedInPrice = 0) => ({
  start,
  end,
  period,
  fromGridPrice,
  feedInPrice,
});

export const tariff = (id: number, effectiveDate: string, slots: ReturnType<typeof slot>[], months = ALL_MONTHS): Tariff => ({
  id,
  name: `tariff ${id}`,
  effectiveDate,
  seasons: [{ months, slots }],
});

export const pricing = (timezone: string, tariffs: Tariff[], oil: Pricing['oil'] = []): Pricing => ({ timezone, tariffs, oil });

/** One interval per quarter hour in [from, to) (UTC instants), values from `fill`. */
export const quarters = (from: number, to: number, fill: Partial<Omit<MeteredInterval, 'bucket'>> = {}): MeteredInterval[] => {
  const out: MeteredInterval[] = [];
  for (let t = from; t < to; t += QUARTER) out.push({ bucket: t, gridImport: 0, gridExport: 0, load: 0, generator: 0, fuel: 0, ...fill });
  return out;
};

export const periodOf = (bill: { periods: { period: Period; importKwh: number; amount: number }[] }, p: Period) => bill.periods.find((x) => x.period === p)!;
