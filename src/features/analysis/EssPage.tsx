// Energy storage analysis (route analysis.energyStorage): charge and discharge, round-trip
// efficiency with its method (same-SOC window or SOC-corrected, AC side) named, equivalent full
// cycles, utilisation, SOH per cluster over time (one station) and the arbitrage revenue net of
// the charging cost, with the discharge value and the cost beside it. From queryEssAnalysis.
import { ANALYSIS_FIGURES, ANALYSIS_STATION_COLUMNS } from '../../../protocol/analysis-figures';
import type { Res } from '../../../streams/api/client';
import { useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import type { TFn } from '../../i18n/i18n';
import { shownColumns, type Column } from './columns';
import { FigureGrid } from './FigureGrid';
import { RTE_BASIS_KEY, RTE_METHOD_KEY } from './keys';
import { SERIES_FIGURE, show, type FigureKey } from './figures';
import { AnalysisFrame } from './Frame';
import { tableOf, type FigureValue, type Sheet } from './sheet';
import { SohCard } from './SohCard';
import { StationTable } from './StationTable';
import { useAnalysis } from './useAnalysis';

type Ess = Res<'queryEssAnalysis'>;
type Totals = Ess['totals'];
type Row = Ess['stations'][number];
const FIGURES = ANALYSIS_FIGURES.ess satisfies readonly FigureKey[];
// the chart plots arbitrage per bucket: demand savings are a month's figure, shared over its days only in the totals
const GROUPS: FigureKey[][] = [['chargeKwh', 'dischargeKwh'], ['netArbitrage'], ['rtePct'], ['efc']];
/** the frame's title, export file name, test id and figure groups */
const PAGE = { title: 'routes.analysisEnergyStorage', name: 'ess-analysis', testId: 'analysis-ess', groups: GROUPS } as const;

const methodOf = (t: TFn, x: Pick<Totals, 'rteMethod' | 'rteBasis'>): string =>
  t('analysis:rte.method', { method: t(RTE_METHOD_KEY[x.rteMethod]), basis: t(RTE_BASIS_KEY[x.rteBasis]) });

const columnsOf = (t: TFn): Column<Row>[] => [
  { id: 'stationName', header: t('analysis:table.station'), get: (r) => r.stationName, size: 200 },
  ...ANALYSIS_STATION_COLUMNS.ess.map((k): Column<Row> =>
    k === 'rteMethod'
      ? { id: k, header: t('analysis:csv.note'), get: (r) => t(RTE_METHOD_KEY[r.rteMethod]), size: 130 }
      : { id: k, figure: k, get: (r) => r[k] },
  ),
];

export function essSheet(d: Ess, t: TFn): Sheet {
  const note = (k: FigureKey): string | undefined =>
    k === 'rtePct'
      ? methodOf(t, d.totals)
      : k === 'netRevenue'
        ? t('analysis:arbitrage.revenue', {
            arbitrage: fmt(t, 'netArbitrage', d.totals.netArbitrage, d.currency),
            demand: fmt(t, 'demandSavings', d.totals.demandSavings, d.currency),
          })
        : k === 'netArbitrage'
          ? t('analysis:arbitrage.breakdown', {
              value: fmt(t, 'dischargeValue', d.totals.dischargeValue, d.currency),
              cost: fmt(t, 'chargeCost', d.totals.chargeCost, d.currency),
            })
          : undefined;
  const figures: FigureValue[] = FIGURES.map((k) => {
    const n = note(k);
    return { key: k, value: d.totals[k], ...(d.compareTotals ? { compare: d.compareTotals[k] } : {}), ...(n ? { note: n } : {}) };
  });
  const rows = [...d.stations].sort((a, b) => a.stationName.localeCompare(b.stationName));
  return {
    figures,
    buckets: d.buckets,
    lines: d.series.map((s) => ({ key: SERIES_FIGURE[s.key] ?? 'chargeKwh', unit: s.unit, values: s.values, compare: s.compare })),
    tables: [tableOf(t('analysis:table.stations'), shownColumns(columnsOf(t), rows, t, d.currency), rows)],
  };
}

const fmt = (t: TFn, k: FigureKey, v: number | null, currency: string): string => {
  const s = show(k, v, t, currency);
  return `${s.value} ${s.unit}`;
};

export default function EssPage() {
  const t = useT('analysis');
  const state = useAnalysis('queryEssAnalysis');
  const locale = useStoreValue((s) => (s.session.language === 'en' ? 'en-GB' : 'zh-CN'));
  return (
    <AnalysisFrame
      {...PAGE}
      state={state}
      sheetOf={(d) => essSheet(d, t)}
      below={(d) => {
        const rows = [...d.stations].sort((a, b) => a.stationName.localeCompare(b.stationName));
        return (
          <>
            <SohCard clusters={d.soh} oneStation={state.view.shown?.stationId !== undefined} locale={locale} />
            <StationTable
              title={t('analysis:table.stations')}
              testId="analysis-stations"
              rows={rows}
              rowId={(r) => String(r.stationId)}
              columns={shownColumns(columnsOf(t), rows, t, d.currency)}
            />
          </>
        );
      }}
    >
      {(d, sheet) => <FigureGrid sheet={sheet} currency={d.currency} columns="lg:grid-cols-4 xl:grid-cols-6" />}
    </AnalysisFrame>
  );
}
