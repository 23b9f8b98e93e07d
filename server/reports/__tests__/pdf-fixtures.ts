import { REPORT_ITEMS } from '../../../protocol/actions/report-shapes';
import type { BillDetail } from '../bill';
import type { ReportAnswer } from '../build';
import { unitOf } from '../items';

// Report and bill answers shaped as the actions answer them, sized to stress the PDF: long
// provider names, every data item, figures in the millions, enough rows for several pages.

export const LONG_PROVIDERS = [
  'Sunrise Renewable Energy Operations and Maintenance Services International Co., Ltd.',
  '华东区域新能源储能运营服务有限公司第二分公司（苏州工业园区）',
  'Nordic Grid Balancing',
  'SolarPeak',
];

const DAYS = Array.from({ length: 12 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);

/** The value of item `k` in row `r`: energies up to millions of kWh, money in the hundred-thousands. */
const valueOf = (item: string, r: number): number | null => {
  if (item === 'alarmCount') return (r * 7) % 13;
  if (item === 'availabilityPct') return 90 + ((r * 37) % 1000) / 100;
  if (item === 'chargingPileKwh' && r % 5 === 0) return null;
  const base = item === 'pvKwh' ? 1_234_567.891 : item === 'income' || item === 'savings' ? 123_456.7891 : 4_321.125;
  return Math.round((base + r * 1_111.111) * 1000) / 1000;
};

export const reportAnswer = (providers = LONG_PROVIDERS, days = DAYS): ReportAnswer => {
  const items = [...REPORT_ITEMS];
  const rows = providers.flatMap((label, p) =>
    days.map((period, d) => ({ key: `${p + 1}:${period}`, label, period, currency: 'USD', values: items.map((i) => valueOf(i, p * days.length + d)) })),
  );
  const totals = items.map((i, k) => (i === 'availabilityPct' ? 95.5 : Math.round(rows.reduce((a, r) => a + (r.values[k] ?? 0), 0) * 1000) / 1000));
  return {
    from: days[0]!,
    to: days.at(-1)!,
    granularity: 'day',
    currency: 'USD',
    columns: items,
    units: items.map((i) => unitOf(i, 'USD')),
    rows,
    totals,
    openFrom: null,
  };
};

export const billDetail = (stationName: string, currency = 'USD'): BillDetail => ({
  billId: '7-2026-11',
  month: '2026-11',
  currency,
  provisional: false,
  gridAmount: 98_765.4321,
  fuelCost: 1_234.5,
  chargesAmount: 0,
  amount: 99_999.93,
  importKwh: 456_789.123,
  exportKwh: 12_345.678,
  stationId: 7,
  stationName,
  timezone: 'Asia/Shanghai',
  tariffNames: ['Commercial TOU 2026'],
  days: 30,
  lines: [
    { period: 'sharp', direction: 'import', quantity: 45_678.9, unit: 'kWh', price: 0.1523, amount: 6_956.8967 },
    { period: 'peak', direction: 'import', quantity: 123_456.789, unit: 'kWh', price: 0.1234, amount: 15_234.5678 },
    { period: 'flat', direction: 'import', quantity: 200_000, unit: 'kWh', price: 0.0999, amount: 19_980 },
    { period: 'valley', direction: 'import', quantity: 87_653.434, unit: 'kWh', price: 0.05, amount: 4_382.6717 },
    { period: 'peak', direction: 'export', quantity: 12_345.678, unit: 'kWh', price: 0.08, amount: -987.6542 },
    { period: 'diesel', direction: 'fuel', quantity: 1_234.5, unit: 'L', price: 1, amount: 1_234.5 },
    // a tier line's name is the longest period text a bill has
    { period: 'tier2', direction: 'tier', quantity: 256_789.123, unit: 'kWh', price: 0.05, amount: 12_839.4562, tier: { tier: 2, fromKwh: 200_000 } },
  ],
  total: 99_999.93,
});
