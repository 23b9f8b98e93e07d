// Energy usage analysis (route analysis.energyUsage): consumption by source (PV, storage, grid,
// diesel generator), self-consumption and self-sufficiency, peak demand and load factor, energy
// and cost per tariff period (sharp, peak, flat, valley) and the diesel fuel cost. From
// queryEnergyUsageAnalysis.
import { ANALYSIS_FIGURES, ANALYSIS_STATION_COLUMNS, TOU_COLUMNS } from '../../../protocol/analysis-figures';
import { PERIODS } from '../../../protocol/codes';
import type { Res } from '../../../streams/api/client';
import { useT } from '../../hooks/useT';
import { PERIOD_KEY } from '../../i18n/codeKeys';
import type { TFn } from '../../i18n/i18n';
import { shownColumns, type Column } from './columns';
import { FigureGrid } from './FigureGrid';
import { SERIES_FIGURE, type FigureKey } from './figures';
import { AnalysisFrame } from './Frame';
import { tableOf, type FigureValue, type Sheet } from './sheet';
import { SmallTable } from './SmallTable';
import { SourcesBar } from './SourcesBar';
import { StationTable } from './StationTable';
import { useAnalysis } from './useAnalysis';

type Usage = Res<'queryEnergyUsageAnalysis'>;
type Row = Usage['stations'][number];
type Tou = Usage['totals']['tou'][number];
const FIGURES = ANALYSIS_FIGURES.usage satisfies readonly FigureKey[];
const GROUPS: FigureKey[][] = [['consumptionKwh', 'fromPvKwh', 'fromEssKwh', 'fromGeneratorKwh', 'fromGridKwh'], ['peakKw'], ['selfSufficiencyPct'], ['cost']];
/** the frame's title, export file name, test id and figure groups */
const PAGE = { title: 'routes.analysisEnergyUsage', name: 'usage-analysis', testId: 'analysis-usage', groups: GROUPS } as const;

const touColumns = (t: TFn): Column<Tou>[] => [
  { id: 'period', header: t('analysis:tou.period'), get: (r) => t(PERIOD_KEY[r.period]) },
  ...TOU_COLUMNS.map((k): Column<Tou> => ({ id: k, figure: k, get: (r) => r[k] })),
];
const stationColumns = (t: TFn): Column<Row>[] => [
  { id: 'stationName', header: t('analysis:table.station'), get: (r) => r.stationName, size: 200 },
  ...ANALYSIS_STATION_COLUMNS.usage.map((k): Column<Row> => ({ id: k, figure: k, get: (r) => r[k] })),
];

const touRows = (d: Usage): Tou[] => PERIODS.map((p) => d.totals.tou.find((x) => x.period === p)).filter((x): x is Tou => x !== undefined);
const stationRows = (d: Usage): Row[] => [...d.stations].sort((a, b) => a.stationName.localeCompare(b.stationName));

export function usageSheet(d: Usage, t: TFn): Sheet {
  const figures: FigureValue[] = FIGURES.map((k) => ({
    key: k,
    value: d.totals[k],
    ...(d.compareTotals ? { compare: d.compareTotals[k] } : {}),
    ...(k === 'peakKw' && d.totals.peakAt ? { note: d.totals.peakAt } : {}),
  }));
  const tou = touRows(d);
  const rows = stationRows(d);
  return {
    figures,
    buckets: d.buckets,
    lines: d.series.map((s) => ({ key: SERIES_FIGURE[s.key] ?? 'consumptionKwh', unit: s.unit, values: s.values, compare: s.compare })),
    tables: [
      tableOf(t('analysis:tou.title'), shownColumns(touColumns(t), tou, t, d.currency), tou),
      tableOf(t('analysis:table.stations'), shownColumns(stationColumns(t), rows, t, d.currency), rows),
    ],
  };
}

export default function UsagePage() {
  const t = useT('analysis', 'tariffs');
  const state = useAnalysis('queryEnergyUsageAnalysis');
  return (
    <AnalysisFrame
      {...PAGE}
      state={state}
      sheetOf={(d) => usageSheet(d, t)}
      below={(d, sheet) => (
        <>
          {sheet.tables[0] && (
            <SmallTable table={sheet.tables[0]} testId="analysis-tou" hints={shownColumns(touColumns(t), touRows(d), t, d.currency).map((c) => c.hint)} />
          )}
          <StationTable
            title={t('analysis:table.stations')}
            testId="analysis-stations"
            rows={stationRows(d)}
            rowId={(r) => String(r.stationId)}
            columns={shownColumns(stationColumns(t), stationRows(d), t, d.currency)}
          />
        </>
      )}
    >
      {(d, sheet) => (
        <>
          <SourcesBar totals={d.totals} currency={d.currency} />
          <FigureGrid sheet={sheet} currency={d.currency} columns="lg:grid-cols-4 xl:grid-cols-5" />
        </>
      )}
    </AnalysisFrame>
  );
}
