// One report screen for the three report routes: platform (a row per provider and period),
// service provider (a row per station of the picked provider) and site (a row per period of one
// station, with its share links). Query checks the form first; the server's field errors land at
// the same fields. Export opens the export dialog over the same request.
import { useObservable, useObservableState } from 'observable-hooks';
import { useCallback, useState } from 'react';
import { map } from 'rxjs';
import { Link } from 'wouter';
import type { Api } from '../../../streams/api/client';
import type { CommandEvent } from '../../../streams/commands/command';
import { scopeCode, scopeOrgId } from '../../../streams/monitor/scope';
import { queryReport$, startReportExport, type ReportAction, type ReportRequest } from '../../../streams/reports/commands';
import { scopeStations$, type ReportAnswer } from '../../../streams/reports/reads';
import { selectPermissions } from '../../../streams/selectors';
import { href } from '../../lib/paths';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { ExportDialog } from './ExportDialog';
import { FormBar } from './FormBar';
import { checkForm, defaultForm, requestOf, serverErrors, type FormErrors, type ReportForm, type ReportKind } from './form';
import { useCommand } from './hooks';
import { REPORT_TITLE_KEY } from './keys';
import { ReportTable } from './ReportTable';
import { SchedulePanel } from './SchedulePanel';
import { SharePanel } from './SharePanel';

const ACTION: Record<ReportKind, ReportAction> = { platform: 'queryPlatformReport', service: 'queryServiceReport', site: 'querySiteReport' };
const FORMATS = ['xlsx', 'csv', 'pdf'] as const;

export function ReportPage({ kind }: { kind: ReportKind }) {
  const t = useT('reports');
  const { api } = useRuntime();
  const scope = useStoreValue(scopeCode);
  const orgId = useStoreValue(scopeOrgId);
  const canExport = useStoreValue(selectPermissions).has('operations.export');
  const [form, setForm] = useState<ReportForm>(() => defaultForm(Date.now()));
  const [errors, setErrors] = useState<FormErrors>({});
  const [answer, setAnswer] = useState<{ data: ReportAnswer; request: ReportRequest } | null>(null);
  const [exporting, setExporting] = useState(false);
  const stationsIn$ = useObservable(
    (in$) => in$.pipe(map(([k, s, o]) => (k === 'site' && s >= 0 ? { ...(o ? { orgId: o } : {}) } : null))),
    [kind, scope, orgId],
  );
  const stations = useObservableState(
    useObservable(() => scopeStations$(api, stationsIn$)),
    { data: null, failed: false },
  );
  const make = useCallback((a: Api, in$: Parameters<typeof queryReport$>[2]) => queryReport$(a, ACTION[kind], in$), [kind]);
  const onEvent = (e: CommandEvent<ReportRequest, ReportAnswer>) => {
    if (e.type === 'succeeded') setAnswer({ data: e.output, request: e.input });
    if (e.type === 'failed') setErrors(e.error.fields.length > 0 ? serverErrors(e.error.fields) : { items: { code: 'failed' } });
  };
  const query = useCommand(make, onEvent);
  const run = () => {
    const e = checkForm(kind, form);
    setErrors(e);
    if (Object.keys(e).length === 0) query.run(requestOf(kind, form, orgId));
  };
  const change = (f: ReportForm) => {
    setForm(f);
    setErrors({});
  };
  return (
    <div className="flex flex-col gap-3" data-testid={`report-${kind}`} data-loading={query.pending} data-loaded={answer !== null}>
      <h1 className="text-lg font-semibold">{t(REPORT_TITLE_KEY[kind])}</h1>
      <FormBar
        form={form}
        setForm={change}
        errors={errors}
        stations={kind === 'site' ? (stations.data ?? []) : null}
        onQuery={run}
        onExport={canExport && answer ? () => setExporting(true) : null}
        busy={query.pending}
      />
      {answer ? (
        <ReportTable data={answer.data} withName={kind !== 'site'} />
      ) : (
        <p className="p-6 text-center text-slate-500" data-testid="report-idle">
          {t('reports:table.noQuery')}
        </p>
      )}
      {answer && (
        <ExportDialog
          open={exporting}
          onClose={() => setExporting(false)}
          formats={FORMATS}
          start={(format) => startReportExport(api, { ...answer.request, report: kind, format })}
        />
      )}
      {kind === 'site' && form.stationId !== null && (
        <Link
          className="self-start text-sm text-brand-600 hover:underline"
          data-testid="report-bills"
          href={href('bill.downloadDetail', { stationId: form.stationId, year: Number((form.to || form.from).slice(0, 4)) || new Date().getFullYear() })}
        >
          {t('reports:bills.openBills')}
        </Link>
      )}
      {kind === 'site' && canExport && form.stationId !== null && <SharePanel stationId={form.stationId} date={form.to || form.from} />}
      {canExport && (
        <SchedulePanel kind={kind} orgId={orgId} items={form.items} stationId={form.stationId} stations={kind === 'site' ? (stations.data ?? []) : null} />
      )}
    </div>
  );
}
