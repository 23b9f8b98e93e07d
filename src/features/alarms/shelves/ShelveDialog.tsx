// Shelve an alarm rule on a station or one of its devices for 1 h, 4 h, 24 h or a custom number
// of hours, with a reason. Opened from the shelves view (everything to choose) or from an alarm
// (station, device and rule given). Required fields are said at the field before sending; the
// server's refusals appear at the field they concern.
import { useEffect, useMemo, useState } from 'react';
import { MAX_SHELVE_MINUTES } from '../../../../protocol/actions/alarm-handling';
import { SHELVE_PRESETS, type Shelf, type ShelveInput } from '../../../../streams/alarms/handling';
import { SelectField, TextAreaField } from '../../../components/form/ChoiceFields';
import { controlClass, FieldError, LEGEND } from '../../../components/form/Field';
import { FormDialog } from '../../../components/form/FormDialog';
import { issueText } from '../handling/fieldIssue';
import { catalogueGroup } from '../../../i18n/lookup';
import { useStationDevices, type HandlingDialogProps } from '../handling/handlingForm';
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
    <FormDialog
      open={open}
      title={t('alarms:handling.shelveTitle')}
      width={480}
      name="shelve"
      busy={busy}
      onClose={onClose}
      onSave={send}
      saveLabel={t('alarms:handling.shelve')}
      saveTestId="shelve-confirm"
      bodyClassName="flex flex-col gap-2"
    >
      <SelectField
        label={t('alarms:handling.station')}
        testId="shelve-station"
        value={stationId ?? ''}
        onChange={(x) => {
          setStationId(Number(x) || null);
          setDeviceId(null);
        }}
        error={need(!!stationId, 'stationId')}
      >
        <option value="">-</option>
        {stations.map((s) => (
          <option key={s.stationId} value={s.stationId}>
            {s.stationName}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('alarms:handling.scope')}
        testId="shelve-device"
        value={deviceId ?? ''}
        onChange={(x) => setDeviceId(Number(x) || null)}
        error={serverIssue('deviceId')}
      >
        <option value="">{t('alarms:handling.scopeStation')}</option>
        {deviceId && !devices.some((d) => d.deviceId === deviceId) && <option value={deviceId}>#{deviceId}</option>}
        {devices.map((d) => (
          <option key={d.deviceId} value={d.deviceId}>
            {d.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('alarms:handling.rule')} testId="shelve-rule" value={rule} onChange={setRule} error={need(!!rule, 'alarmRuleCode')}>
        <option value="">-</option>
        {rule && !rules.some(([c]) => c === rule) && <option value={rule}>{rule}</option>}
        {rules.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>
      {/* a group of choices: each radio is named by its own words, the group by its legend */}
      <fieldset className="block text-sm">
        <legend className={`block ${LEGEND}`}>{t('alarms:handling.duration')}</legend>
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
              className={`h-9 w-28 ${controlClass(null)}`}
              value={hours}
              onChange={(e) => setHours(e.target.value)}
            />
          )}
        </span>
      </fieldset>
      <FieldError
        testId="shelve-minutes-error"
        text={tried && badHours ? t('alarms:handling.errors.hours', { max: MAX_SHELVE_MINUTES / 60 }) : serverIssue('minutes')}
      />
      <TextAreaField
        label={t('alarms:handling.reason')}
        testId="shelve-reason"
        maxLength={300}
        value={reason}
        onChange={setReason}
        error={need(!!reason.trim(), 'reason')}
      />
    </FormDialog>
  );
}
