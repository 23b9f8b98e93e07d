// Alarm analysis (route alarm.alarmAnalysis): queryAlarmAnalysis over the last 7, 30 or 90 UTC
// days of the scope (the selected provider for orgType 1): totals by status, category, type and
// equipment type, alarms per day stacked by category, the top stations and rules and the mean
// time to recover, all aggregated by the server and read through streams/alarms/analysis.ts.
import { useObservable, useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { map } from 'rxjs';
import { alarmAnalysis$, NO_ANALYSIS, type AlarmAnalysis, type AnalysisQuery } from '../../../../streams/alarms/analysis';
import { scopeCode } from '../../../../streams/monitor/scope';
import { useRuntime, useStoreValue } from '../../../hooks/runtime';
import { RadioButtons } from '../../../components/RadioButtons';
import { useT } from '../../../hooks/useT';
import type { TFn } from '../../../i18n/i18n';
import { ALARM_CATEGORY_KEY, ANALYSIS_RANGE_KEY } from '../../../i18n/codeKeys';
import { ANALYSIS_DAYS, analysisWindow, CATEGORY_ORDER, type Category } from './analysis';
import { Breakdowns, Card, COLORS } from './Breakdowns';

/** The scope's analysis over the last `days` UTC days; null while the scope settles. */
const analysisQuery = (scope: number, days: number): AnalysisQuery | null =>
  scope < 0 ? null : { key: `${scope}|${days}`, days, payload: (now) => ({ ...(scope > 0 ? { orgId: scope } : {}), ...analysisWindow(days, now) }) };
/** A day's column of the per-day chart: its alarms stacked by category, the counts on hover. */
function DayBar({ d, t, max }: { d: AlarmAnalysis['perDay'][number]; t: TFn; max: number }) {
  const split = (c: Category) => d.byCategory[c] ?? 0;
  const parts = CATEGORY_ORDER.filter((c) => split(c) > 0);
  const title = `${d.day}: ${d.count}${parts.length ? ` (${parts.map((c) => `${t(ALARM_CATEGORY_KEY[c])} ${split(c)}`).join(', ')})` : ''}`;
  return (
    <div data-testid="day-bar" data-day={d.day} data-count={d.count} title={title} className="flex h-full min-w-0 flex-1 flex-col-reverse">
      {parts.map((c) => (
        <div key={c} className={COLORS[c]} style={{ height: `${(split(c) / max) * 100}%` }} />
      ))}
    </div>
  );
}

export default function AlarmAnalysisPage() {
  const t = useT('alarmCenter', 'alarms', 'station');
  const { api } = useRuntime();
  const scope = useStoreValue(scopeCode);
  const [days, setDays] = useState<(typeof ANALYSIS_DAYS)[number]>(30);
  const query$ = useObservable((in$) => in$.pipe(map(([scope, days]) => analysisQuery(scope, days))), [scope, days]);
  const {
    data,
    days: shownDays,
    failed,
  } = useObservableState(
    useObservable(() => alarmAnalysis$({ api }, query$)),
    NO_ANALYSIS,
  );

  const maxDay = Math.max(1, ...(data?.perDay.map((d) => d.count) ?? []));
  const noDate = t('noDate');

  return (
    <div data-testid="alarm-analysis" data-days={shownDays} data-loaded={data !== null} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-2 text-lg font-semibold">{t('routes.alarmAlarmAnalysis')}</h1>
        <RadioButtons
          label={t('alarmCenter:list.range')}
          choices={ANALYSIS_DAYS}
          value={days}
          onChange={setDays}
          labelOf={(d) => t(ANALYSIS_RANGE_KEY[d])}
          testIdOf={(d) => `range-${d}`}
        />
        {data && (
          <span className="text-xs text-slate-400">
            {data.perDay[0]?.day} – {data.perDay[data.perDay.length - 1]?.day} (UTC)
          </span>
        )}
      </div>

      {data === null ? (
        <p className="p-6 text-center text-slate-500">{failed ? noDate : t('app.loading')}</p>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[
              { id: 'total', label: t('alarmCenter:analysis.total'), value: String(data.total) },
              { id: 'unresolved', label: t('station:alarmLog.statuses.1'), value: String(data.byStatus.unresolved ?? 0) },
              { id: 'resolved', label: t('station:alarmLog.statuses.2'), value: String(data.byStatus.resolved ?? 0) },
              {
                id: 'mttr',
                label: t('alarmCenter:analysis.mttr'),
                value: data.meanRecoveryMinutes === null ? '-' : t('alarmCenter:analysis.mttrValue', { value: data.meanRecoveryMinutes.toFixed(1) }),
              },
            ].map((k) => (
              <div key={k.id} data-testid={`kpi-${k.id}`} className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
                <div className="text-xs text-slate-500">{k.label}</div>
                <div data-testid="kpi-value" className="mt-1 text-2xl font-semibold tabular-nums">
                  {k.value}
                </div>
              </div>
            ))}
          </div>

          <Card title={t('alarmCenter:analysis.perDay')} testId="per-day">
            <div className="mb-2 flex flex-wrap gap-3 text-xs text-slate-500">
              {CATEGORY_ORDER.map((c) => (
                <span key={c} className="inline-flex items-center gap-1">
                  <span className={`inline-block h-2.5 w-2.5 rounded-sm ${COLORS[c]}`} />
                  {t(ALARM_CATEGORY_KEY[c])}
                </span>
              ))}
            </div>
            <div className="flex h-48 items-end gap-px border-b border-slate-200 dark:border-slate-700" data-stacked>
              {data.perDay.map((d) => (
                <DayBar key={d.day} d={d} t={t} max={maxDay} />
              ))}
            </div>
            <div className="mt-1 flex justify-between font-mono text-[11px] text-slate-400">
              <span>{data.perDay[0]?.day.slice(5)}</span>
              <span>{data.perDay[Math.floor(data.perDay.length / 2)]?.day.slice(5)}</span>
              <span>{data.perDay[data.perDay.length - 1]?.day.slice(5)}</span>
            </div>
          </Card>

          <Breakdowns data={data} t={t} empty={noDate} />
        </>
      )}
    </div>
  );
}
