// One tier of an on-call schedule: after how many unacknowledged minutes it is told, on which
// channels, and its shifts (who is on duty when).
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useT } from '../../hooks/useT';
import { ChoiceGroup } from '../../components/notifications/ChoiceGroup';
import { CHANNEL_KEY } from './labels';
import { emptyShift, type OncallChannel, type PartEditorProps, type TierValues } from './oncallForm';
import { ShiftEditor } from './ShiftEditor';
import { partAt } from '../../components/form/listEdit';
import { textOf } from '../../components/form/useDraftForm';
import { choicesOf } from '../../i18n/codeKeys';

const CHANNELS: readonly OncallChannel[] = ['email', 'sms', 'push'];

export function TierEditor({ n, value: tier, onChange, onRemove, accounts, roles, err }: PartEditorProps<TierValues>) {
  const t = useT('notifications');
  const set = (p: Partial<TierValues>) => onChange({ ...tier, ...p });
  /** the tier's own fields' values, changes and errors */
  const after = { ...textOf(tier, onChange)('afterMinutes'), error: err('afterMinutes') };
  const channels = { value: tier.channels, onChange: (channels: OncallChannel[]) => set({ channels }), error: err('channels') };
  const choices = choicesOf(CHANNELS, CHANNEL_KEY, t);
  const testId = `oncall-tier-${n}`;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-300 p-3 dark:border-slate-600" data-testid={testId}>
      <legend className="px-1 text-sm font-semibold">{t('notifications:oncall.tier', { n })}</legend>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-[180px_1fr]">
        <TextField label={t('notifications:oncall.field.afterMinutes')} inputMode="numeric" {...after} testId={`${testId}-after`} />
        <ChoiceGroup legend={t('notifications:field.channels')} testId={`${testId}-channels`} choices={choices} {...channels} />
      </div>
      {tier.shifts.map((_, j) => (
        <ShiftEditor
          key={j}
          {...partAt(tier.shifts, (shifts) => set({ shifts }), j)}
          accounts={accounts}
          roles={roles}
          err={(f) => err(`shifts.${j}.${f}`)}
          testId={`${testId}-shift-${j + 1}`}
        />
      ))}
      <div className="flex justify-between gap-2">
        <Button onClick={() => set({ shifts: [...tier.shifts, emptyShift()] })} disabled={tier.shifts.length >= 10} data-testid={`${testId}-add-shift`}>
          {t('notifications:oncall.addShift')}
        </Button>
        {onRemove && <Button onClick={onRemove}>{t('notifications:oncall.removeTier')}</Button>}
      </div>
    </fieldset>
  );
}
