// The station's peak alarm: margin in % of the month's peak so far (or of a target kW when one
// is given); an empty margin switches it off. Errors at their fields, the server's too.
import { FormDialog } from '../../../components/form/FormDialog';
import { useDraftDialog, type DraftDialogProps } from '../../../components/form/useDraftForm';
import { TextField } from '../../../components/TextField';
import { useT } from '../../../hooks/useT';
import type { CommandError } from '../../../../streams/commands/command';
import type { SavePeakAlarm } from '../../../../streams/station/peak';

export interface PeakAlarmDraft {
  margin: string;
  target: string;
}
type Field = 'marginPct' | 'targetKw';
type Issue = 'marginRange' | 'targetFormat';

/** The form's own rules, the same as the server's (protocol/actions/peak-demand.ts). */
export const checkPeakAlarm = (d: PeakAlarmDraft): Partial<Record<Field, Issue>> => {
  const out: Partial<Record<Field, Issue>> = {};
  const m = d.margin.trim();
  if (m && !(/^\d+$/.test(m) && Number(m) >= 50 && Number(m) <= 100)) out.marginPct = 'marginRange';
  const t = d.target.trim();
  if (t && !(/^\d+(\.\d)?$/.test(t) && Number(t) > 0 && Number(t) <= 1_000_000)) out.targetKw = 'targetFormat';
  return out;
};

export const toRequest = (stationId: number, d: PeakAlarmDraft): SavePeakAlarm => ({
  stationId,
  marginPct: d.margin.trim() ? Number(d.margin) : null,
  targetKw: d.margin.trim() && d.target.trim() ? Number(d.target) : null,
});

export function PeakAlarmDialog({ serverError, ...props }: DraftDialogProps<PeakAlarmDraft> & { serverError: CommandError | null }) {
  const t = useT('station');
  const { shown: local, text: bind, frame } = useDraftDialog(props, checkPeakAlarm);
  const server = (f: Field) => serverError?.fields.find((x) => x.path === f)?.issue;
  const text = (f: Field) => {
    const code = local[f] ?? server(f);
    if (!code) return null;
    return t(code === 'marginRange' || code === 'marginFormat' ? 'station:overview.peak.errors.margin' : 'station:overview.peak.errors.target');
  };
  const formError = serverError && !serverError.fields.length ? t('station:overview.peak.errors.failed') : null;
  return (
    <FormDialog
      {...frame}
      title={t('station:overview.peak.alarmTitle')}
      width={480}
      name="peak-alarm"
      saveLabel={t('station:overview.peak.save')}
      error={formError}
    >
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('station:overview.peak.alarmHelp')}</p>
      <div className="grid grid-cols-2 gap-3">
        <TextField label={t('station:overview.peak.margin')} inputMode="numeric" {...bind('margin')} error={text('marginPct')} testId="peak-margin" />
        <TextField label={t('station:overview.peak.target')} inputMode="decimal" {...bind('target')} error={text('targetKw')} testId="peak-target" />
      </div>
    </FormDialog>
  );
}
