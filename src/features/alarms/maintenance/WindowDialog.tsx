// Plan a maintenance window of a station, or change a planned or running one (`editing`: its
// station is fixed). Start and end are the station's local time, since they describe work at the
// site: the inputs are read and shown in the chosen station's zone, named beside them (before a
// station is chosen the note says the times follow it, and times not typed yet are filled again
// in its zone once it is known). Start now by default, or later to plan ahead; a reason;
// optionally some devices only. Missing fields and an end not after the start are said at the
// field before sending; the server's refusals (too long, end passed, a device not of the station)
// appear at their field.
import { useEffect, useMemo, useState } from 'react';
import { MAX_MAINTENANCE_DAYS } from '../../../../protocol/actions/alarm-handling';
import { viewerZone, type Zone } from '../../../../protocol/site-time';
import type { MaintenanceWindow, WindowInput } from '../../../../streams/alarms/handling';
import { FieldError, LEGEND } from '../../../components/form/Field';
import { TextField } from '../../../components/TextField';
import { issueText } from '../handling/fieldIssue';
import { HandlingDialog, ReasonField, StationField } from '../handling/HandlingDialog';
import { useStationDevices, useStationZone, type HandlingDialogProps } from '../handling/handlingForm';
import { instantOfInput, toWallInput } from '../handling/wallInput';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** `editing`: the window changed; null plans a new one. */
export function WindowDialog({
  editing,
  stations,
  last,
  t,
  onSave,
  ...frame
}: HandlingDialogProps<WindowInput, MaintenanceWindow, { stationId: number; stationName: string; timezone: Zone }> & { editing: MaintenanceWindow | null }) {
  const [stationId, setStationId] = useState<number | null>(null);
  /** the instants the time inputs show until one is typed in */
  const [seed, setSeed] = useState<{ start: number; end: number }>({ start: 0, end: 0 });
  const [typed, setTyped] = useState(false);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [reason, setReason] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [tried, setTried] = useState(false);
  const { open } = frame;
  useEffect(() => {
    if (!open) return;
    const now = Math.floor(Date.now() / MINUTE) * MINUTE;
    setStationId(editing?.stationId ?? null);
    setSeed(editing ? { start: Date.parse(editing.start), end: Date.parse(editing.end) } : { start: now, end: now + 2 * HOUR });
    setTyped(false);
    setReason(editing?.reason ?? '');
    setPicked(editing ? [...editing.deviceIds] : []);
    setTried(false);
  }, [open, editing]);
  const listed = useMemo(() => stations.find((s) => s.stationId === stationId)?.timezone, [stations, stationId]);
  const zone = useStationZone(stationId, listed);
  // until the station's zone is known the seed is shown on the viewer's clock
  const shownZone = zone ?? viewerZone();
  useEffect(() => {
    if (!open || typed) return;
    setStart(toWallInput(shownZone, seed.start));
    setEnd(toWallInput(shownZone, seed.end));
  }, [open, typed, shownZone, seed]);
  const devices = useStationDevices(stationId);
  const s = zone ? instantOfInput(zone, start, seed.start) : Number.NaN;
  const e = zone ? instantOfInput(zone, end, seed.end) : Number.NaN;
  const serverIssue = (f: string) => {
    if (last?.type !== 'failed') return '';
    const x = last.error.fields.find((i) => i.path === f);
    if (x && (f === 'end' || f === 'start') && x.issue === 'tooBig') return t('alarms:handling.errors.windowTooLong', { days: MAX_MAINTENANCE_DAYS });
    if (x && f === 'end' && x.issue === 'tooSmall') return t('alarms:handling.errors.endPassed');
    return issueText(t, last, f);
  };
  const need = (ok: boolean, f: string) => (tried && !ok ? t('alarms:handling.errors.required') : serverIssue(f));
  const startIssue = tried && stationId && !zone ? t('alarms:handling.windowZoneLoading') : need(!zone || Number.isFinite(s), 'start');
  const endIssue =
    tried && Number.isFinite(s) && Number.isFinite(e) && e <= s ? t('alarms:handling.errors.endAfterStart') : need(!zone || Number.isFinite(e), 'end');
  const send = () => {
    setTried(true);
    if (!stationId || !Number.isFinite(s) || !Number.isFinite(e) || e <= s || !reason.trim()) return;
    onSave({
      ...(editing ? { windowId: editing.windowId } : {}),
      stationId,
      start: new Date(s).toISOString(),
      end: new Date(e).toISOString(),
      reason: reason.trim(),
      ...(picked.length ? { deviceIds: picked } : {}),
    });
  };
  const toggle = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
  const typeStart = (v: string) => {
    setTyped(true);
    setStart(v);
  };
  const typeEnd = (v: string) => {
    setTyped(true);
    setEnd(v);
  };

  return (
    <HandlingDialog
      {...frame}
      onSave={send}
      title={t(editing ? 'alarms:handling.editWindow' : 'alarms:handling.planWindow')}
      width={500}
      name="window"
      saveLabel={t('alarms:handling.save')}
    >
      <StationField
        t={t}
        stations={stations}
        testId="window-station"
        disabled={!!editing}
        value={stationId}
        onChange={(id) => {
          setStationId(id);
          setPicked([]);
        }}
        error={need(!!stationId, 'stationId')}
      >
        {editing && !stations.some((st) => st.stationId === editing.stationId) && <option value={editing.stationId}>{editing.stationName}</option>}
      </StationField>
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('alarms:handling.start')} testId="window-start" type="datetime-local" value={start} onChange={typeStart} error={startIssue} />
        <TextField
          label={t('alarms:handling.end')}
          testId="window-end"
          type="datetime-local"
          value={end}
          min={start || undefined}
          onChange={typeEnd}
          error={endIssue}
        />
      </div>
      <p data-testid="window-zone" data-zone={zone ?? ''} className="-mt-1 mb-1 text-xs text-slate-500 dark:text-slate-400">
        {zone ? t('alarms:handling.windowZone', { zone }) : t('alarms:handling.windowZoneFollows')}
      </p>
      <ReasonField t={t} testId="window-reason" value={reason} onChange={setReason} error={need(!!reason.trim(), 'reason')} />
      <fieldset className="text-sm">
        <legend className={LEGEND}>{t('alarms:handling.devicesOptional')}</legend>
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
      <FieldError testId="window-devices-error" text={serverIssue('deviceIds')} />
    </HandlingDialog>
  );
}
