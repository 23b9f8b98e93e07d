// The frame every analysis screen shares: title, toolbar, the answered range (and the compared
// one), the chart, then the screen's own figures and tables; 'noDate' for an empty answer. The
// CSV export writes the sheet the screen was rendered from; the XLSX export asks the server for
// the workbook of the request the screen shows (the same numbers, unscaled, units in headers).
import { ProvisionalBadge } from '../../components/Provisional';
import { useState, type ReactNode } from 'react';
import type { AnalysisAction } from '../../../streams/analysis/analysis';
import { analysisExport, exportAnalysis$ } from '../../../streams/analysis/export';
import type { Res } from '../../../streams/api/client';
import { useCommand } from '../../hooks/useCommand';
import { useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';
import type { FigureKey } from './figures';
import { saveCsv, saveLink } from '../../lib/download';
import { sheetCsv, type Sheet } from './sheet';
import { Toolbar } from './Toolbar';
import { TrendCard } from './TrendCard';
import type { AnalysisState } from './useAnalysis';

type Frame = {
  buckets: string[];
  stationCount: number;
  series: { values: (number | null)[] }[];
  from: string;
  to: string;
  compare: { from: string; to: string } | null;
  currency: string;
};

/** No station in scope, or no station had data in any bucket. */
export const isEmpty = (d: Frame): boolean => d.stationCount === 0 || d.series.every((s) => s.values.every((v) => v === null));

export interface FrameProps<A extends AnalysisAction> {
  title: TKey;
  /** file name stem of the export */
  name: string;
  state: AnalysisState<A>;
  sheetOf: (data: Res<A>) => Sheet;
  groups: readonly (readonly FigureKey[])[];
  /** figures, above the chart */
  children: (data: Res<A>, sheet: Sheet) => ReactNode;
  /** tables, below the chart */
  below?: (data: Res<A>, sheet: Sheet) => ReactNode;
  testId: string;
}

export function AnalysisFrame<A extends AnalysisAction>({ title, name, state, sheetOf, groups, children, below, testId }: FrameProps<A>) {
  const t = useT('analysis');
  const locale = useStoreValue((s) => (s.session.language === 'en' ? 'en-GB' : 'zh-CN'));
  const { form, setForm, view } = state;
  const data = view.data as (Res<A> & Frame) | null;
  const sheet = data && !isEmpty(data) ? sheetOf(data) : null;
  const exportCsv = () => data && sheet && saveCsv(sheetCsv(sheet, t, data.currency), `${name}-${data.from}-${data.to}.csv`);
  const [xlsxFailed, setXlsxFailed] = useState(false);
  const xlsx = useCommand(exportAnalysis$, (e) => {
    setXlsxFailed(e.type === 'failed' || (e.type === 'succeeded' && !e.output.downloadUrl));
    if (e.type === 'succeeded' && e.output.downloadUrl) saveLink(e.output.downloadUrl, e.output.fileName);
  });
  const exportXlsx = () => view.shown && xlsx.run(analysisExport(state.action, view.shown));
  return (
    <div
      className="flex flex-col gap-4"
      data-testid={testId}
      data-loaded={data !== null}
      data-loading={view.loading}
      data-key={view.shown ? JSON.stringify(view.shown) : ''}
    >
      <h1 className="text-lg font-semibold">{t(title)}</h1>
      <Toolbar
        form={form}
        setForm={setForm}
        stations={view.options.list}
        onExport={exportCsv}
        onExportXlsx={exportXlsx}
        canExport={sheet !== null && !view.loading}
        exporting={xlsx.pending}
      />
      {xlsxFailed && (
        <p className="text-sm text-red-600" role="alert" data-testid="analysis-export-failed">
          {t('analysis:toolbar.exportFailed')}
        </p>
      )}
      {data && (
        <p className="text-xs text-slate-500" data-testid="analysis-range">
          <span title={t('analysis:toolbar.localDays')}>{t('analysis:toolbar.range', { from: data.from, to: data.to })}</span>
          {data.compare && (
            <span className="ml-2" data-testid="analysis-compare-range">
              {t('analysis:toolbar.compareRange', { from: data.compare.from, to: data.compare.to })}
            </span>
          )}
          <span className="ml-2">· {t('analysis:toolbar.localDays')}</span>
          <span className="ml-2">· {t('analysis:toolbar.stationCount', { count: data.stationCount })}</span>
          {data.provisional && <ProvisionalBadge testId="analysis-provisional" />}
        </p>
      )}
      {view.failed && (
        <p className="text-sm text-red-600" role="alert">
          {t('analysis:toolbar.failed')}
        </p>
      )}
      {data === null ? (
        <p className="p-6 text-center text-slate-500">{view.failed ? t('noDate') : t('app.loading')}</p>
      ) : sheet === null ? (
        <p
          className="rounded-lg border border-slate-200 bg-white p-10 text-center text-slate-500 dark:border-slate-700 dark:bg-slate-900"
          data-testid="analysis-empty"
        >
          {t('noDate')}
        </p>
      ) : (
        <>
          {children(data, sheet)}
          <TrendCard buckets={data.buckets} lines={sheet.lines} groups={groups} currency={data.currency} locale={locale} />
          {below?.(data, sheet)}
        </>
      )}
    </div>
  );
}
