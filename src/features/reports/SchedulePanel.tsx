// The scheduled e-mail reports of a report screen (those of its kind): each with its cadence,
// recipients, formats and next run; create (from the screen's data items and station), edit,
// delete (confirmed in the row) and the delivery history.
import { useObservable, useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { of } from 'rxjs';
import { deleteSchedule$, schedules$ } from '../../../streams/reports/schedules';
import { Button } from '../../components/Button';
import { useReload } from '../../hooks/useCommand';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { DeliveryDialog } from './DeliveryDialog';
import type { ReportItem, ReportKind } from './form';
import { useCommand } from './hooks';
import { CADENCE_KEY, GRANULARITY_KEY, REPORT_TITLE_KEY, SCHEDULE_COLUMN_KEYS } from './keys';
import { formOfSchedule, newScheduleForm, type ScheduleForm } from './schedule-form';
import { ScheduleDialog } from './ScheduleDialog';
import { RecordTable } from './RecordTable';

const CELL = 'py-1 pr-3 align-top';
const at = (iso: string) => iso.slice(0, 16).replace('T', ' ');

export interface SchedulePanelProps {
  kind: ReportKind;
  orgId: number | undefined;
  items: readonly ReportItem[];
  stationId: number | null;
  stations: readonly { stationId: number; stationName: string }[] | null;
}

export function SchedulePanel({ kind, orgId, items, stationId, stations }: SchedulePanelProps) {
  const t = useT('reports');
  const { api } = useRuntime();
  const [reload$, reload] = useReload();
  const [editing, setEditing] = useState<ScheduleForm | null>(null);
  const [history, setHistory] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<number | null>(null);
  const [on$] = useState(() => of(true as const));
  const list = useObservableState(
    useObservable(() => schedules$(api, on$, reload$)),
    { data: null, failed: false },
  );
  const remove = useCommand(deleteSchedule$, (e) => {
    if (e.type === 'succeeded') {
      setConfirm(null);
      reload();
    }
  });
  const close = () => setEditing(null);
  const saved = () => {
    close();
    reload();
  };
  const names = new Map((stations ?? []).map((s) => [s.stationId, s.stationName]));
  const rows = list.data?.filter((s) => s.report === kind) ?? null;
  return (
    <section
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
      data-testid="schedule-panel"
    >
      <div className="flex items-center gap-3">
        <h2 className="font-semibold text-slate-600 dark:text-slate-300">{t('reports:schedules.title')}</h2>
        <span className="text-xs text-slate-500">{t('reports:schedules.intro')}</span>
        <Button className="ml-auto" variant="primary" data-testid="schedule-new" onClick={() => setEditing(newScheduleForm(items, stationId))}>
          {t('reports:schedules.new')}
        </Button>
      </div>
      <RecordTable name="schedule" rows={rows} failed={list.failed} none={t('reports:schedules.none')} heads={SCHEDULE_COLUMN_KEYS} actions>
        {(s) => (
          <tr key={s.scheduleId} className="border-t border-slate-100 dark:border-slate-800" data-testid="schedule-row" data-schedule={s.scheduleId}>
            <td className={CELL}>
              {t(REPORT_TITLE_KEY[s.report])}
              {s.stationId !== null && <span className="block text-xs text-slate-500">{names.get(s.stationId) ?? `#${s.stationId}`}</span>}
            </td>
            <td className={CELL}>
              {t(CADENCE_KEY[s.cadence])} · {t(GRANULARITY_KEY[s.granularity])}
            </td>
            <td className={`${CELL} break-all`} data-testid="schedule-recipients-cell">
              {s.recipients.join(', ')}
            </td>
            <td className={CELL}>XLSX, PDF</td>
            <td className={CELL} data-testid="schedule-next">
              {s.nextRunAt ? at(s.nextRunAt) : t('reports:schedules.paused')}
            </td>
            <td className={CELL}>{s.createdBy}</td>
            <td className="whitespace-nowrap py-1 text-right">
              {confirm === s.scheduleId ? (
                <span className="inline-flex items-center gap-1">
                  <span className="text-xs text-slate-500">{t('reports:schedules.confirmDelete')}</span>
                  <Button variant="danger" data-testid="schedule-delete-yes" disabled={remove.pending} onClick={() => remove.run(s.scheduleId)}>
                    {t('reports:schedules.delete')}
                  </Button>
                  <Button data-testid="schedule-delete-no" onClick={() => setConfirm(null)}>
                    {t('reports:export.cancel')}
                  </Button>
                </span>
              ) : (
                <span className="inline-flex gap-1">
                  <Button data-testid="schedule-history" onClick={() => setHistory(s.scheduleId)}>
                    {t('reports:schedules.history')}
                  </Button>
                  <Button data-testid="schedule-edit" onClick={() => setEditing(formOfSchedule(s))}>
                    {t('reports:schedules.editShort')}
                  </Button>
                  <Button variant="danger" data-testid="schedule-delete" onClick={() => setConfirm(s.scheduleId)}>
                    {t('reports:schedules.delete')}
                  </Button>
                </span>
              )}
            </td>
          </tr>
        )}
      </RecordTable>
      {editing && <ScheduleDialog kind={kind} initial={editing} orgId={orgId} stations={kind === 'site' ? stations : null} onClose={close} onSaved={saved} />}
      {history !== null && <DeliveryDialog scheduleId={history} onClose={() => setHistory(null)} />}
    </section>
  );
}
