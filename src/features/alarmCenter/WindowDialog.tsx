// Plan a maintenance window of a station: start and end (viewer's local time; start now by
// default, or later to plan ahead), a reason and optionally some devices only. Missing fields and
// an end not after the start are said at the field before sending; the server's refusals (too
// long, end passed, a device not of the station) appear at their field.
import { useEffect, useState } from 'react';
import { MAX_MAINTENANCE_DAYS } from '../../../protocol/actions/alarm-handling';
import type { MaintenanceWindow, WindowInput } from '../../../streams/alarms/handling';
import type { CommandEvent } from '../../../streams/commands/command';
import { FieldIssue, issueText } from '../../components/alarms/fieldIssue';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import type { TFn } from '../../i18n/i18n';
import { Field, fromLocalInput, inputClass, toLocalInput, useStationDevices } from './handlingForm';

const HOUR = 3_600_000;

export function WindowDialog({ open, stations, busy, last, t, onClose, onSave }: {
  open: boolean;
  stations: readonly { stationId: number; stationName: string }[];
  busy: boolean;
  last: CommandEvent<WindowInput, MaintenanceWindow> | null;
  t: TFn;
  onClose: () => void;
  onSave: (x: WindowInput) => void;
}) {
  const [stationId, setStationId] = useState<number | null>(null);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [reason, setReason] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!open) return;
    const now = Date.now();
    setStationId(null);
    setStart(toLocalInput(now));
    setEnd(toLocalInput(now + 2 * HOUR));
    setReason('');
    setPicked([]);
    setTried(false);
  }, [open]);
  const devices = useStationDevices(stationId);
  const s = fromLocalInput(start);
  const e = fromLocalInput(end);
  const serverIssue = (f: string) => {
    if (last?.type !== 'failed') return '';
    const x = last.error.fields.find((i) => i.path === f);
    if (x && (f === 'end' || f === 'start') && x.issue === 'tooBig') return t('alarms:handling.errors.windowTooLong', { days: MAX_MAINTENANCE_DAYS });
    if (x && f === 'end' && x.issue === 'tooSmall') return t('alarms:handling.errors.endPassed');
    return issueText(t, last, f);
  };
  const need = (ok: boolean, f: string) => (tried && !ok ? t('alarms:handling.errors.required') : serverIssue(f));
  const endIssue = tried && Number.isFinite(s) && Number.isFinite(e) && e <= s ? t('alarms:handling.errors.endAfterStart') : need(Number.isFinite(e), 'end');
  const send = () => {
    setTried(true);
    if (!stationId || !Number.isFinite(s) || !Number.isFinite(e) || e <= s || !reason.trim()) return;
    onSave({ stationId, start: new Date(s).toISOString(), end: new Date(e).toISOString(), reason: reason.trim(), ...(picked.length ? { deviceIds: picked } : {}) });
  };
  const toggle = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));

  return (
    <Modal open={open} onClose={() => !busy && onClose()} title={t('alarms:handling.planWindow')} width={500} testId="window-dialog">
      <div className="flex flex-col gap-2">
        <Field label={t('alarms:handling.station')}>
          <select data-testid="window-station" className={inputClass} value={stationId ?? ''} onChange={(x) => { setStationId(Number(x.target.value) || null); setPicked([]); }}>
            <option value="">-</option>
            {stations.map((st) => <option key={st.stationId} value={st.stationId}>{st.stationName}</option>)}
          </select>
        </Field>
        <FieldIssue testId="window-station-error" text={need(!!stationId, 'stationId')} />
        <div className="grid grid-cols-2 gap-3">
          <div>
            <Field label={t('alarms:handling.start')}>
              <input data-testid="window-start" type="datetime-local" className={inputClass} value={start} onChange={(x) => setStart(x.target.value)} />
            </Field>
            <FieldIssue testId="window-start-error" text={need(Number.isFinite(s), 'start')} />
          </div>
          <div>
            <Field label={t('alarms:handling.end')}>
              <input data-testid="window-end" type="datetime-local" className={inputClass} value={end} min={start || undefined} onChange={(x) => setEnd(x.target.value)} />
            </Field>
            <FieldIssue testId="window-end-error" text={endIssue} />
          </div>
        </div>
        <Field label={t('alarms:handling.reason')}>
          <textarea data-testid="window-reason" rows={2} maxLength={300} className={`${inputClass} h-auto py-1.5`} value={reason} onChange={(x) => setReason(x.target.value)} />
        </Field>
        <FieldIssue testId="window-reason-error" text={need(!!reason.trim(), 'reason')} />
        <fieldset className="text-sm">
          <legend className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-300">{t('alarms:handling.devicesOptional')}</legend>
          <div data-testid="window-devices" className="max-h-28 overflow-y-auto rounded-md border border-slate-200 p-2 dark:border-slate-700">
            {devices.length === 0 && <span className="text-xs text-slate-400">{t('alarms:handling.scopeStation')}</span>}
            {devices.map((d) => (
              <label key={d.deviceId} className="mr-3 inline-flex items-center gap-1">
                <input type="checkbox" checked={picked.includes(d.deviceId)} onChange={() => toggle(d.deviceId)} />
                {d.name}
              </label>
            ))}
          </div>
        </fieldset>
        <FieldIssue testId="window-devices-error" text={serverIssue('deviceIds')} />
      </div>
      <div className="mt-2 flex justify-end gap-2">
        <Button data-testid="window-cancel" onClick={onClose} disabled={busy}>{t('alarms:handling.cancel')}</Button>
        <Button data-testid="window-confirm" variant="primary" disabled={busy} onClick={send}>{t('alarms:handling.save')}</Button>
      </div>
    </Modal>
  );
}
