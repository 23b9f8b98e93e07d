// Shelve an alarm rule on a station or one of its devices for 1 h, 4 h, 24 h or a custom number
// of hours, with a reason. Opened from the shelves view (everything to choose) or from an alarm
// (station, device and rule given). Required fields are said at the field before sending; the
// server's refusals appear at the field they concern.
import { useEffect, useMemo, useState } from 'react';
import { MAX_SHELVE_MINUTES } from '../../../../protocol/actions/alarm-handling';
import { SHELVE_PRESETS, type Shelf, type ShelveInput } from '../../../../streams/alarms/handling';
import { SelectField } from '../../../components/form/ChoiceFields';
import { controlClass, FieldError, LEGEND } from '../../../components/form/Field';
import { issueText } from '../handling/fieldIssue';
import { HandlingDialog, ReasonField, StationField } from '../handling/HandlingDialog';
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
  preset,
  stations,
  last,
  t,
  onSave,
  ...frame
}: HandlingDialogProps<ShelveInput, Shelf, { stationId: number; stationName: string }> & { preset: ShelvePreset | null }) {
  const [stationId, setStationId] = useState<number | null>(null);
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [rule, setRule] = useState('');
  const [duration, setDuration] = useState<Duration>(60);
  const [hours, setHours] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const { open } = frame;
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
  const rules = useMemo(
    () =>
      Object.entries(catalogueGroup('alarms', 'rules'))
        .sort((a, b) => a[1].localeCompare(b[1]))
        .map(([value, label]) => ({ value, label })),
    [],
  );
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
    <HandlingDialog {...frame} onSave={send} title={t('alarms:handling.shelveTitle')} width={480} name="shelve" saveLabel={t('alarms:handling.shelve')}>
      <StationField
        t={t}
        stations={stations}
        testId="shelve-station"
        value={stationId}
        onChange={(id) => {
          setStationId(id);
          setDeviceId(null);
        }}
        error={need(!!stationId, 'stationId')}
      />
      <SelectField
        label={t('alarms:handling.scope')}
        testId="shelve-device"
        value={deviceId ?? ''}
        onChange={(x) => setDeviceId(Number(x) || null)}
        error={serverIssue('deviceId')}
        options={devices.map((d) => ({ value: d.deviceId, label: d.name }))}
      >
        <option value="">{t('alarms:handling.scopeStation')}</option>
        {deviceId && !devices.some((d) => d.deviceId === deviceId) && <option value={deviceId}>#{deviceId}</option>}
      </SelectField>
      <SelectField label={t('alarms:handling.rule')} testId="shelve-rule" value={rule} onChange={setRule} error={need(!!rule, 'alarmRuleCode')} options={rules}>
        <option value="">-</option>
        {rule && !rules.some((r) => r.value === rule) && <option value={rule}>{rule}</option>}
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
      <ReasonField t={t} testId="shelve-reason" value={reason} onChange={setReason} error={need(!!reason.trim(), 'reason')} />
    </HandlingDialog>
  );
}
