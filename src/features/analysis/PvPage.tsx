// PV analysis (route analysis.photovoltaic): yield, specific yield, performance ratio per IEC
// 61724 from plane-of-array irradiation with the temperature-corrected PR beside it, irradiation,
// and the stations ranked by PR and specific yield, those whose PR fell against their own last
// 30 days flagged. Figures from queryPvAnalysis (docs/analytics.md).
import { ANALYSIS_FIGURES, ANALYSIS_STATION_COLUMNS } from '../../../protocol/analysis-figures';
import { useMemo } from 'react';
import type { Res } from '../../../streams/api/client';
import { useT } from '../../hooks/useT';
import type { TFn } from '../../i18n/i18n';
import { shownColumns, type Column } from './columns';
import { FigureGrid } from './FigureGrid';
import { SERIES_FIGURE, type FigureKey } from './figures';
import { AnalysisFrame } from './Frame';
import { tableOf, type Sheet } from './sheet';
import { StationTable } from './StationTable';
import { useAnalysis } from './useAnalysis';

type Pv = Res<'queryPvAnalysis'>;
type Row = Pv['stations'][number];
const FIGURES = ANALYSIS_FIGURES.pv satisfies readonly FigureKey[];
const GROUPS: FigureKey[][] = [['pvKwh'], ['prPct', 'prTempCorrectedPct'], ['specificYield'], ['irradiationKwhM2']];
/** the frame's title, export file name, test id and figure groups */
const PAGE = { title: 'routes.analysisPhotovoltaic', name: 'pv-analysis', testId: 'analysis-pv', groups: GROUPS } as const;

const columnsOf = (t: TFn): Column<Row>[] => [
  { id: 'stationName', header: t('analysis:table.station'), get: (r) => r.stationName, size: 200 },
  ...ANALYSIS_STATION_COLUMNS.pv.map((k): Column<Row> =>
    k === 'prDropped'
      ? { id: k, figure: k, get: (r) => (r.prDropped ? t('analysis:table.dropped') : ''), size: 80 }
      : { id: k, figure: k, get: (r) => r[k], ...(k === 'rankPr' || k === 'rankYield' ? { size: 90 } : {}) },
  ),
];

/** Best PR first, stations without a PR last (the table's first order). */
const ranked = (rows: readonly Row[]): Row[] =>
  [...rows].sort((a, b) => (a.rankPr ?? Infinity) - (b.rankPr ?? Infinity) || a.stationName.localeCompare(b.stationName));

export function pvSheet(d: Pv, t: TFn): Sheet {
  const cols = shownColumns(columnsOf(t), d.stations, t, d.currency);
  return {
    figures: FIGURES.map((k) => ({ key: k, value: d.totals[k], ...(d.compareTotals ? { compare: d.compareTotals[k] } : {}) })),
    buckets: d.buckets,
    lines: d.series.map((s) => ({ key: SERIES_FIGURE[s.key] ?? 'pvKwh', unit: s.unit, values: s.values, compare: s.compare })),
    tables: [tableOf(t('analysis:table.ranking'), cols, ranked(d.stations))],
  };
}

export default function PvPage() {
  const t = useT('analysis');
  const state = useAnalysis('queryPvAnalysis');
  const flag = useMemo(() => (r: Row) => (r.prDropped ? t('analysis:table.flagged') : null), [t]);
  return (
    <AnalysisFrame
      {...PAGE}
      state={state}
      sheetOf={(d) => pvSheet(d, t)}
      below={(d) => (
        <StationTable
          title={t('analysis:table.ranking')}
          testId="analysis-stations"
          rows={ranked(d.stations)}
          rowId={(r) => String(r.stationId)}
          flag={flag}
          columns={shownColumns(columnsOf(t), d.stations, t, d.currency)}
        />
      )}
    >
      {(d, sheet) => <FigureGrid sheet={sheet} currency={d.currency} columns="lg:grid-cols-3 xl:grid-cols-6" />}
    </AnalysisFrame>
  );
}
