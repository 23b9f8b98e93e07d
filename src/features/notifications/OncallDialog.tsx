// Create or edit an on-call schedule: its name, zone, stations and alarm levels, and 1–5 tiers
// with their shifts. The page's own checks and the server's refusals appear at their fields.
import { useState } from 'react';
import { saveOncallSchedule$, type OncallSchedule } from '../../../streams/notifications/oncall';
import { Button } from '../../components/Button';
import { FormDialog } from '../../components/form/FormDialog';
import { textOf } from '../../components/form/useDraftForm';
import { ZoneField } from '../../components/form/ZoneField';
import { TextField } from '../../components/TextField';
import { fieldMessage, useCheckedSave } from '../../hooks/useCheckedSave';
import { useT } from '../../hooks/useT';
import { AlarmCodeChoice } from '../../components/notifications/AlarmCodeChoice';
import { EnabledField } from '../../components/notifications/EnabledField';
import { checkSchedule, emptySchedule, emptyTier, MAX_TIERS, serverIssues, toRequest, valuesOf, type ScheduleValues } from './oncallForm';
import type { Named } from '../../components/form/CheckList';
import { StationChooser, type StationChoice } from '../../components/notifications/StationChooser';
import { TierEditor } from './TierEditor';
import { partAt } from '../../components/form/listEdit';

export function OncallDialog({
  editing,
  stations,
  accounts,
  roles,
  onClose,
  onSaved,
}: {
  editing: OncallSchedule | null;
  stations: readonly StationChoice[];
  accounts: readonly Named[];
  roles: readonly Named[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT('notifications', 'alarms');
  const [v, setV] = useState<ScheduleValues>(() => (editing ? valuesOf(editing) : emptySchedule()));
  const set = (p: Partial<ScheduleValues>) => setV((o) => ({ ...o, ...p }));
  const { found, failure, frame } = useCheckedSave(
    saveOncallSchedule$,
    () => checkSchedule(v),
    () => toRequest(v, editing?.scheduleId ?? null),
    { onSaved, onClose },
  );
  const server = serverIssues(failure);
  const err = (path: string) => fieldMessage(t, found[path], server[path]);
  /** a text field's value, change and error */
  const field = (k: 'name' | 'zone') => ({ ...textOf(v, setV)(k), error: err(k) });
  const refused = failure && (failure.fields.length === 0 || Object.values(server).includes('notifications:refused')) ? t('notifications:refused') : null;
  const title = t(editing ? 'notifications:oncall.edit' : 'notifications:oncall.create');
  const lastAfter = Number(v.tiers.at(-1)?.afterMinutes) || 0;

  return (
    <FormDialog {...frame} title={title} width={760} name="oncall" error={refused} bodyClassName="flex max-h-[72vh] flex-col gap-2">
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-[1fr_200px_auto]">
        <TextField label={t('notifications:oncall.field.name')} {...field('name')} testId="oncall-name" maxLength={100} />
        <ZoneField label={t('notifications:oncall.field.zone')} {...field('zone')} testId="oncall-zone" listId="oncall-zones" />
        <EnabledField value={v.enabled} onChange={(enabled) => set({ enabled })} testId="oncall-enabled" />
      </div>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <StationChooser stations={stations} value={v.stationIds} onChange={(stationIds) => set({ stationIds })} error={err('stationIds')} />
        <AlarmCodeChoice list="categories" testId="oncall-categories" value={v.categories} onChange={(categories) => set({ categories })} />
      </div>
      <p className="text-xs text-slate-500">{t('notifications:oncall.tiersNote')}</p>
      {v.tiers.map((_, i) => (
        <TierEditor key={i} {...partAt(v.tiers, (tiers) => set({ tiers }), i)} accounts={accounts} roles={roles} err={(p) => err(`tiers.${i}.${p}`)} />
      ))}
      <div>
        <Button onClick={() => set({ tiers: [...v.tiers, emptyTier(lastAfter + 15)] })} disabled={v.tiers.length >= MAX_TIERS} data-testid="oncall-add-tier">
          {t('notifications:oncall.addTier')}
        </Button>
      </div>
    </FormDialog>
  );
}
