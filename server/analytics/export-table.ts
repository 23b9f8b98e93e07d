import type { z } from 'zod';
import type { AnalysisKind, essAnalysis, pvAnalysis, usageAnalysis } from '../../protocol/actions/analysis';
import { ANALYSIS_FIGURES, ANALYSIS_STATION_COLUMNS, TOU_COLUMNS } from '../../protocol/analysis-figures';
import { PERIODS } from '../../protocol/codes';
import { currencyLabel, isMixedCurrency } from '../../protocol/currency';
import type { ColumnKind, FileColumn } from '../reports/numbers';
import type { Cell, FileTable } from '../reports/table';
import { analysisText, type AnalysisLang } from './export-labels';

// An analysis answer as a workbook: the screen's figures (and the comparison's), the chart's
// lines per bucket, the screen's tables, and the request as parameters. Cells are the answer's
// numbers in its units (energies kWh, money in the currency), the unit in each header.

type Pv = z.input<typeof pvAnalysis>;
type Ess = z.input<typeof essAnalysis>;
type Usage = z.input<typeof usageAnalysis>;
export type AnalysisAnswer = Pv | Ess | Usage;
type Row = Record<string, unknown>;

/** The figures each screen shows, in its order. */
const FIGURES: Record<AnalysisKind, readonly string[]> = ANALYSIS_FIGURES;
/** The station table's columns of each screen ('prDropped' and 'rteMethod' are words). */
const STATION_COLUMNS: Record<AnalysisKind, readonly string[]> = ANALYSIS_STATION_COLUMNS;
const MONEY = new Set([
  'dischargeValue',
  'chargeCost',
  'netArbitrage',
  'demandSavings',
  'netRevenue',
  'fuelCost',
  'gridCost',
  'feedInRevenue',
  'income',
  'importCost',
  'amount',
]);

/** The unit a figure has in the answer (energies are kWh here: the workbook keeps the answer's numbers);
 *  money's is the currency as the reader's language names it. */
const unitOf = (key: string, currency: string, x: ReturnType<typeof analysisText>): string => {
  if (MONEY.has(key)) return currency;
  if (key === 'specificYield') return 'kWh/kWp';
  if (key === 'irradiationKwhM2') return 'kWh/m²';
  if (key === 'efc') return x.cycles;
  if (key === 'fuelLitres') return 'L';
  if (key.endsWith('Pct')) return '%';
  if (key.endsWith('Kwh')) return 'kWh';
  if (key.endsWith('Kwp')) return 'kWp';
  if (key.endsWith('Kw')) return 'kW';
  return '';
};

/** How a workbook shows a figure (the report workbook's formats, server/reports/numbers.ts): energies,
 *  powers, percentages and other measures to the hundredth with grouped thousands, ranks whole, money
 *  to the cent; the cell keeps the full number. */
const kindOf = (key: string): ColumnKind => {
  if (MONEY.has(key)) return 'money';
  if (key.startsWith('rank')) return 'count';
  if (key.endsWith('Kwh') || key.endsWith('Kw') || key.endsWith('Kwp')) return 'energy';
  return key === 'prDropped' || key === 'rteMethod' ? 'text' : 'decimal';
};
const columnsOf = (lead: number, keys: readonly string[], head: (k: string) => string): FileColumn[] => [
  ...Array.from({ length: lead }, (): FileColumn => ({ name: '', unit: null, kind: 'text' })),
  ...keys.map((k): FileColumn => ({ name: head(k), unit: null, kind: kindOf(k) })),
];

const num = (v: unknown): Cell => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const byName = (a: { stationName: string }, b: { stationName: string }) => a.stationName.localeCompare(b.stationName);

export interface ExportParams {
  kind: AnalysisKind;
  scope: string;
  period: string;
  compare: string;
  generatedAt: string;
}

export const analysisTable = (d: AnalysisAnswer, p: ExportParams, lang: AnalysisLang): FileTable => {
  const x = analysisText(lang);
  const cur = currencyLabel(d.currency, lang);
  // several currencies (money then null in totals and series): each station row names its own
  const mixed = isMixedCurrency(d.currency);
  const head = (key: string) => {
    const u = unitOf(key, cur, x);
    return u ? `${x.fig(key)} (${u})` : x.fig(key);
  };
  const figures = FIGURES[p.kind];
  const totals = d.totals as unknown as Row;
  const range = `${d.from} – ${d.to}`;
  const rows: Cell[][] = [[range, ...figures.map((k) => num(totals[k]))]];
  if (d.compare && d.compareTotals) rows.push([`${d.compare.from} – ${d.compare.to}`, ...figures.map((k) => num((d.compareTotals as unknown as Row)[k]))]);
  // how a figure was computed, as the screen prints it under the value
  const notes = figures.map((k): Cell =>
    k === 'rtePct'
      ? x.rteMethod(String(totals.rteMethod), String(totals.rteBasis))
      : k === 'peakKw' && typeof totals.peakAt === 'string'
        ? totals.peakAt
        : null,
  );
  if (notes.some((n) => n !== null)) rows.push([x.note, ...notes]);

  const compared = d.series.filter((s) => s.compare !== null);
  const seriesHead = (s: { key: string; unit: string }) =>
    `${x.fig(x.seriesFigure(s.key))} (${s.unit === 'cycles' ? x.cycles : s.unit === d.currency ? cur : s.unit})`;
  const chart = {
    title: x.chart,
    header: [x.bucket, ...d.series.map(seriesHead), ...compared.map((s) => x.compareOf(seriesHead(s)))],
    rows: d.buckets.map((b, i): Cell[] => [b, ...d.series.map((s) => num(s.values[i])), ...compared.map((s) => num(s.compare?.[i]))]),
    money: [...d.series, ...compared].flatMap((s, i) => (s.unit === d.currency ? [i + 1] : [])),
    kinds: ['text' as ColumnKind, ...[...d.series, ...compared].map((s): ColumnKind => (s.unit === d.currency ? 'money' : 'decimal'))],
  };

  const cols = STATION_COLUMNS[p.kind];
  const cell = (r: Row, k: string): Cell => (k === 'prDropped' ? (r[k] ? x.dropped : '') : k === 'rteMethod' ? x.rte(String(r[k])) : num(r[k]));
  const ordered =
    p.kind === 'pv' ? [...(d as Pv).stations].sort((a, b) => (a.rankPr ?? Infinity) - (b.rankPr ?? Infinity) || byName(a, b)) : [...d.stations].sort(byName);
  const stations = {
    title: p.kind === 'pv' ? x.ranking : x.stations,
    header: [x.station, ...(mixed ? [x.word('currency')] : []), ...cols.map((k) => (k === 'rteMethod' ? x.note : head(k)))],
    money: cols.flatMap((k, i) => (MONEY.has(k) ? [i + (mixed ? 2 : 1)] : [])),
    kinds: [...(mixed ? ['text', 'text'] : ['text']), ...cols.map(kindOf)] as ColumnKind[],
    rows: ordered.map((r): Cell[] => [r.stationName, ...(mixed ? [currencyLabel(r.currency, lang)] : []), ...cols.map((k) => cell(r as unknown as Row, k))]),
  };
  const sheets = [chart, stations];
  if (p.kind === 'usage') {
    const tou = (d as Usage).totals.tou;
    sheets.push({
      title: x.touTitle,
      header: [x.touPeriod, ...TOU_COLUMNS.map(head)],
      money: TOU_COLUMNS.flatMap((k, i) => (MONEY.has(k) ? [i + 1] : [])),
      kinds: ['text', ...TOU_COLUMNS.map(kindOf)],
      rows: PERIODS.flatMap((period) => tou.filter((t) => t.period === period)).map((t): Cell[] => [x.tou(t.period), ...TOU_COLUMNS.map((k) => num(t[k]))]),
    });
  }

  // a range still open somewhere: the workbook says its figures are provisional, in its title too
  const title = d.provisional ? `${x.title(p.kind)} · ${x.word('provisional')}` : x.title(p.kind);
  return {
    title,
    sheetName: x.title(p.kind),
    fileBase: `${p.kind}-analysis_${d.from}_${d.to}`,
    params: [
      [x.word('report'), title],
      [x.word('scope'), p.scope],
      [x.word('period'), p.period],
      [x.word('from'), d.from],
      [x.word('to'), d.to],
      [x.word('compare'), d.compare ? `${p.compare}: ${d.compare.from} – ${d.compare.to}` : p.compare],
      [x.word('stations'), String(d.stationCount)],
      [x.word('localDays'), x.localDays],
      [x.word('currency'), cur],
      [x.word('status'), x.word(d.provisional ? 'provisionalNote' : 'final')],
      [x.word('generated'), p.generatedAt],
    ],
    header: [x.figures, ...figures.map(head)],
    rows,
    totals: [],
    firstNumber: 1,
    money: figures.flatMap((k, i) => (MONEY.has(k) ? [i + 1] : [])),
    columns: columnsOf(1, figures, head),
    chart: null,
    sheets,
  };
};
