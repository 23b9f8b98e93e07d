// Creating or editing a scheduled e-mail report of the screen's report kind: cadence, rows per
// day or month, data items, recipients, on/off; checked before sending, the server's field
// errors at the same fields.
import { useState } from 'react';
import { REPORT_CADENCES } from '../../../protocol/codes';
import type { CommandEvent } from '../../../streams/commands/command';
import { saveSchedule$, type SaveSchedule, type Schedule } from '../../../streams/reports/schedules';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useT } from '../../hooks/useT';
import type { ReportKind } from './form';
import { useCommand } from './hooks';
import { CADENCE_KEY, SCHEDULE_ERROR_KEY } from './keys';
import { GranularitySelect, ItemChecks } from './formParts';
import { StationSelect } from './StationSelect';
import { OptionSelect } from '../../components/OptionSelect';
import { checkSchedule, saveRequestOf, serverScheduleErrors, type ScheduleErrors, type ScheduleField, type ScheduleForm } from './schedule-form';
import { FieldError } from '../../components/form/Field';
import { choicesOf } from '../../i18n/codeKeys';

const INPUT = 'rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-800';

export interface ScheduleDialogProps {
  kind: ReportKind;
  initial: ScheduleForm;
  orgId: number | undefined;
  stations: readonly { stationId: number; stationName: string }[] | null;
  onClose: () => void;
  onSaved: () => void;
}

export function ScheduleDialog({ kind, initial, orgId, stations, onClose, onSaved }: ScheduleDialogProps) {
  const t = useT('reports');
  const [f, setF] = useState(initial);
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [failed, setFailed] = useState(false);
  const save = useCommand(saveSchedule$, (e: CommandEvent<SaveSchedule, Schedule>) => {
    if (e.type === 'succeeded') onSaved();
    if (e.type === 'failed') {
      const fields = serverScheduleErrors(e.error.fields, f);
      setErrors(fields);
      setFailed(Object.keys(fields).length === 0);
    }
  });
  const change = (next: ScheduleForm) => {
    setF(next);
    setErrors({});
    setFailed(false);
  };
  const submit = () => {
    const e = checkSchedule(kind, f);
    setErrors(e);
    if (Object.keys(e).length === 0) save.run(saveRequestOf(kind, f, orgId));
  };
  const error = (field: ScheduleField) => {
    const e = errors[field];
    return <FieldError testId={`schedule-error-${field}`} text={e ? t(SCHEDULE_ERROR_KEY[e.code], { value: e.value ?? '', max: 20 }) : null} />;
  };
  return (
    <Modal open onClose={onClose} width={640} title={t(f.scheduleId === null ? 'reports:schedules.new' : 'reports:schedules.edit')} testId="schedule-dialog">
      <div className="flex flex-col gap-2 text-sm">
        {stations && (
          <label className="flex flex-col gap-1">
            <span className="text-slate-500">{t('reports:form.station')}</span>
            <StationSelect
              className={`${INPUT} h-8`}
              testId="schedule-station"
              stations={stations}
              value={f.stationId}
              onChange={(stationId) => change({ ...f, stationId })}
            />
            {error('stationId')}
          </label>
        )}
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-1.5">
            <span className="text-slate-500">{t('reports:schedules.cadence')}</span>
            <OptionSelect
              className={`${INPUT} h-8`}
              testId="schedule-cadence"
              value={f.cadence}
              options={choicesOf(REPORT_CADENCES, CADENCE_KEY, t)}
              onChange={(v) => change({ ...f, cadence: v === 'weekly' ? 'weekly' : 'monthly' })}
            />
          </label>
          <label className="flex items-center gap-1.5">
            <span className="text-slate-500">{t('reports:form.granularity')}</span>
            <GranularitySelect
              testId="schedule-granularity"
              className={`${INPUT} h-8`}
              value={f.granularity}
              onChange={(g) => change({ ...f, granularity: g })}
            />
          </label>
          <label className="flex items-center gap-1.5">
            <input type="checkbox" data-testid="schedule-enabled" checked={f.enabled} onChange={(e) => change({ ...f, enabled: e.target.checked })} />
            {t('reports:schedules.enabled')}
          </label>
        </div>
        <fieldset
          className={`flex flex-wrap gap-x-3 gap-y-1 rounded-md border px-2 py-1 ${errors.items ? 'border-red-500' : 'border-slate-200 dark:border-slate-700'}`}
          data-testid="schedule-items"
        >
          <legend className="px-1 text-slate-500">{t('reports:form.items')}</legend>
          <ItemChecks testIdPrefix="schedule-item-" labelClass="flex items-center gap-1" items={f.items} onChange={(items) => change({ ...f, items })} />
        </fieldset>
        {error('items')}
        <label className="flex flex-col gap-1">
          <span className="text-slate-500">{t('reports:schedules.recipients')}</span>
          <textarea
            rows={3}
            className={`${INPUT} py-1 ${errors.recipients ? 'border-red-500' : ''}`}
            aria-invalid={!!errors.recipients}
            data-testid="schedule-recipients"
            placeholder={t('reports:schedules.recipientsHint')}
            value={f.recipients}
            onChange={(e) => change({ ...f, recipients: e.target.value })}
          />
          {error('recipients')}
        </label>
        <p className="text-xs text-slate-500">{t('reports:schedules.formatsNote')}</p>
        {failed && (
          <p role="alert" className="text-red-600" data-testid="schedule-failed">
            {t('reports:errors.failed')}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="primary" data-testid="schedule-save" disabled={save.pending} onClick={submit}>
            {t('reports:schedules.save')}
          </Button>
          <Button data-testid="schedule-cancel" onClick={onClose}>
            {t('reports:export.close')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
