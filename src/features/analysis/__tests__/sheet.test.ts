import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en/analysis.json';
import type { TFn } from '../../../i18n/i18n';
import { shownColumns, type Column } from '../columns';
import { show, showAs } from '../figures';
import { sheetCsv, tableOf, type Sheet } from '../sheet';

// the English catalogue, looked up by key with {{x}} filled in
const t = ((key: string, params?: Record<string, string>) => {
  const text = key
    .replace(/^analysis:/, '')
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], en);
  return String(text ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => params?.[k] ?? '');
}) as unknown as TFn;

type Row = { name: string; kwh: number | null; pr: number | null };
const cols: Column<Row>[] = [
  { id: 'name', header: 'Station', get: (r) => r.name },
  { id: 'kwh', figure: 'pvKwh', get: (r) => r.kwh },
  { id: 'pr', figure: 'prPct', get: (r) => r.pr },
];

describe('analysis figures as printed', () => {
  it('steps energies to MWh and GWh (SPEC §9), cutting not rounding, and keeps percentages to 2 decimals', () => {
    expect(show('pvKwh', 999_999, t, 'USD')).toEqual({ value: '999.99', unit: 'MWh' });
    expect(show('pvKwh', 1_234_567, t, 'USD')).toEqual({ value: '1.23', unit: 'GWh' });
    expect(show('peakKw', 1500, t, 'USD')).toEqual({ value: '1.50', unit: 'MW' });
    expect(show('capacityKwp', 14_020, t, 'USD')).toEqual({ value: '14.02', unit: 'MWp' });
    expect(show('prPct', 92.1, t, 'USD')).toEqual({ value: '92.10', unit: '%' });
    expect(show('efc', 0.8912, t, 'USD')).toEqual({ value: '0.89', unit: 'cycles' });
    expect(show('rtePct', null, t, 'USD').value).toBe('-');
    // a comparison is printed in its figure's unit, whatever its own size
    expect(showAs('pvKwh', 999, show('pvKwh', 45_440, t, 'USD'), t, 'USD')).toEqual({ value: '0.99', unit: 'MWh' });
    expect(showAs('pvKwh', 1500, show('pvKwh', 12, t, 'USD'), t, 'USD')).toEqual({ value: '1500', unit: 'kWh' });
  });

  it('prints each energy cell on its own scale (770 kWh beside 45.44 MWh), never 0.00 for a value that is not zero', () => {
    const rows: Row[] = [
      { name: 'A', kwh: 45_440, pr: 92.8 },
      { name: 'B', kwh: 770, pr: null },
      { name: 'C', kwh: 0.004, pr: 0.001 },
      { name: 'D', kwh: 0, pr: 0 },
    ];
    const shown = shownColumns(cols, rows, t, 'USD');
    expect(shown.map((c) => c.header)).toEqual(['Station', 'PV yield', 'Performance ratio (%)']);
    expect(rows.map((r) => shown.map((c) => c.text(r)))).toEqual([
      ['A', '45.44 MWh', '92.80'],
      ['B', '770 kWh', '-'],
      ['C', '< 0.01 kWh', '< 0.01'],
      ['D', '0 kWh', '0.00'],
    ]);
    // sorted by the number, not by the text ("770 kWh" > "45.44 MWh" as text)
    expect([...rows].sort((a, b) => Number(shown[1]!.sortValue(a)) - Number(shown[1]!.sortValue(b))).map((r) => r.name)).toEqual(['D', 'C', 'B', 'A']);
    expect(shown[2]!.hint).toBe(en.hint.prPct);
  });

  it("groups thousands of money in the reader's language, two decimals, the currency in the header", () => {
    type M = { name: string; income: number };
    const money: Column<M>[] = [{ id: 'income', figure: 'income', get: (r) => r.income }];
    const shown = shownColumns(money, [], t, 'EUR');
    expect(shown[0]!.text({ name: 'A', income: 1_453_251.8412 })).toBe('1,453,251.84');
    expect(shown[0]!.header).toBe(`${en.fig.income} (EUR)`);
  });

  it('writes the figures as printed, the chart as answered and the tables as shown', () => {
    const rows: Row[] = [{ name: 'A, east', kwh: 500, pr: 80 }];
    const sheet: Sheet = {
      figures: [
        { key: 'pvKwh', value: 122_950.4, compare: 100_000 },
        { key: 'rtePct', value: 91.2, note: 'Method: SOC-corrected, AC side' },
      ],
      buckets: ['2026-11-01', '2026-11-02'],
      lines: [{ key: 'pvKwh', unit: 'kWh', values: [1.5, null], compare: [2, 3] }],
      tables: [tableOf('Stations', shownColumns(cols, rows, t, 'USD'), rows)],
    };
    const lines = sheetCsv(sheet, t, 'USD')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines).toEqual([
      'Section,Figure,Value,Unit,Comparison,Note',
      'Figures,PV yield,122.95,MWh,100.00,',
      'Figures,Round-trip efficiency,91.20,%,,"Method: SOC-corrected, AC side"',
      '',
      'Chart,Period,PV yield (kWh),PV yield (kWh) (comparison)',
      'Chart,2026-11-01,1.5,2',
      'Chart,2026-11-02,,3',
      '',
      'Stations,Station,PV yield (kWh),Performance ratio (%)',
      'Stations,"A, east",500,80',
      '',
    ]);
  });
});
