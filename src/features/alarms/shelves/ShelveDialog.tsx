// Shelve an alarm rule on a station or one of its devices for 1 h, 4 h, 24 h or a custom number
// of hours, with a reason. Opened from the shelves view (everything to choose) or from an alarm
// (station, device and rule given). Required fields are said at the field before sending; the
// server's refusals appear at the field they concern.
import { useEffect, useMemo, useState } from 'react';
import { MAX_SHELVE_MINUTES } from '../../../../protocol/actions/alarm-handling';
import { SHELVE_PRESETS, type Shelf, type ShelveInput } from '../../../../streams/alarms/handling';
import { FieldIssue, issueText } from '../handling/fieldIssue';
import { Modal } from '../../../components/Modal';
import { catalogueGroup } from '../../../i18n/lookup';
import { DialogActions, Field, inputClass, useStationDevices, type HandlingDialogProps } from '../handling/handlingForm';
import { SHELVE_DURATION_KEY } from '../handling/keys';

export interface ShelvePreset {
  stationId: number;
  deviceId?: number;
  alarmRuleCode: string;
}
type Duration = (typeof SHELVE_PRESETS)[number] | 'custom';

export function ShelveDialog({
  open,
  preset,
  stations,
  busy,
  last,
  t,
  onClose,
  onSave,
}: HandlingDialogProps<ShelveInput, Shelf, { stationId: number; stationName: string }> & { preset: ShelvePreset | null }) {
  const [stationId, setStationId] = useState<number | null>(null);
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [rule, setRule] = useState('');
  const [duration, setDuration] = useState<Duration>(60);
  const [hours, setHours] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (!open) return;
    setStationId(preset?.stationId ?? null);
    setDeviceId(preset?.deviceId ?? null);
    setRule(preset?.alarmRuleCode ?? '');
    setDuration(60);
    setHours('');
    setReason('');
    setTried(false);
  }, [open, preset]);
  const devices = useStationDevices(stationId);
  const rules = useMemo(() => Object.entries(catalogueGroup('alarms', 'rules')).sort((a, b) => a[1].localeCompare(b[1])), []);
  const minutes = duration === 'custom' ? Math.round(Number(hours) * 60) : duration;
  const badHours = duration === 'custom' && !(Number.isFinite(minutes) && minutes >= 1 && minutes <= MAX_SHELVE_MINUTES);
  const serverIssue = (f: string) => (last?.type === 'failed' ? issueText(t, last, f) : '');
  const need = (ok: boolean, f: string) => (tried && !ok ? t('alarms:handling.errors.required') : serverIssue(f));
  const send = () => {
    setTried(true);
    if (!stationId || !rule || !reason.trim() || badHours) return;
    onSave({ stationId, ...(deviceId ? { deviceId } : {}), alarmRuleCode: rule, minutes, reason: reason.trim() });
  };

  return (
    <Modal open={open} onClose={() => !busy && onClose()} title={t('alarms:handling.shelveTitle')} width={480} testId="shelve-dialog">
      <div className="flex flex-col gap-2">
        <Field label={t('alarms:handling.station')}>
          <select
            data-testid="shelve-station"
            className={inputClass}
            value={stationId ?? ''}
            onChange={(e) => {
              setStationId(Number(e.target.value) || null);
              setDeviceId(null);
            }}
          >
            <option value="">-</option>
            {stations.map((s) => (
              <option key={s.stationId} value={s.stationId}>
                {s.stationName}
              </option>
            ))}
          </select>
        </Field>
        <FieldIssue testId="shelve-station-error" text={need(!!stationId, 'stationId')} />
        <Field label={t('alarms:handling.scope')}>
          <select data-testid="shelve-device" className={inputClass} value={deviceId ?? ''} onChange={(e) => setDeviceId(Number(e.target.value) || null)}>
            <option value="">{t('alarms:handling.scopeStation')}</option>
            {deviceId && !devices.some((d) => d.deviceId === deviceId) && <option value={deviceId}>#{deviceId}</option>}
            {devices.map((d) => (
              <option key={d.deviceId} value={d.deviceId}>
                {d.name}
              </option>
            ))}
          </select>
        </Field>
        <FieldIssue testId="shelve-device-error" text={serverIssue('deviceId')} />
        <Field label={t('alarms:handling.rule')}>
          <select data-testid="shelve-rule" className={inputClass} value={rule} onChange={(e) => setRule(e.target.value)}>
            <option value="">-</option>
            {rule && !rules.some(([c]) => c === rule) && <option value={rule}>{rule}</option>}
            {rules.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <FieldIssue testId="shelve-rule-error" text={need(!!rule, 'alarmRuleCode')} />
        {/* a group of choices: each radio is named by its own words, the group by its legend */}
        <fieldset className="block text-sm">
          <legend className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-300">{t('alarms:handling.duration')}</legend>
          <span className="flex flex-wrap items-center gap-3">
            {[...SHELVE_PRESETS, 'custom' as const].map((d) => (
              <label key={d} className="inline-flex min-h-8 min-w-12 items-center gap-1.5">
                <input type="radio" name="shelve-duration" data-testid={`shelve-duration-${d}`} checked={duration === d} onChange={() => setDuration(d)} />
                {t(SHELVE_DURATION_KEY[d])}
              </label>
            ))}
            {duration === 'custom' && (
              <input
                data-testid="shelve-hours"
                type="number"
                min={0.1}
                max={MAX_SHELVE_MINUTES / 60}
                step={0.5}
                aria-label={t('alarms:handling.customHours')}
                placeholder={t('alarms:handling.customHours')}
                className={`${inputClass} w-28`}
                value={hours}
                onChange={(e) => setHours(e.target.value)}
              />
            )}
          </span>
        </fieldset>
        <FieldIssue
          testId="shelve-minutes-error"
          text={tried && badHours ? t('alarms:handling.errors.hours', { max: MAX_SHELVE_MINUTES / 60 }) : serverIssue('minutes')}
        />
        <Field label={t('alarms:handling.reason')}>
          <textarea
            data-testid="shelve-reason"
            rows={2}
            maxLength={300}
            className={`${inputClass} h-auto py-1.5`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        <FieldIssue testId="shelve-reason-error" text={need(!!reason.trim(), 'reason')} />
      </div>
      <DialogActions prefix="shelve" busy={busy} t={t} confirm={t('alarms:handling.shelve')} onClose={onClose} onConfirm={send} />
    </Modal>
  );
}
