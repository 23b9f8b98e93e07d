// One shift of an on-call tier: its weekdays, from–to on the schedule's clock (a `to` not after
// `from` runs past midnight) and the accounts and roles on duty then.
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';
import { ChoiceGroup } from '../../components/notifications/ChoiceGroup';
import type { PartEditorProps, ShiftValues } from './oncallForm';
import { CheckList } from '../../components/form/CheckList';
import { FieldError } from '../../components/form/Field';
import { textOf } from '../../components/form/useDraftForm';
import { choicesOf } from '../../i18n/codeKeys';

const DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
const DAY_KEY = {
  1: 'notifications:oncall.day.1',
  2: 'notifications:oncall.day.2',
  3: 'notifications:oncall.day.3',
  4: 'notifications:oncall.day.4',
  5: 'notifications:oncall.day.5',
  6: 'notifications:oncall.day.6',
  7: 'notifications:oncall.day.7',
} as const satisfies Record<string, TKey>;
/** who is on duty: the accounts named, and everyone holding a role named */
const WHO = [
  { key: 'accountIds', legend: 'notifications:oncall.field.accounts', suffix: 'accounts' },
  { key: 'roleIds', legend: 'notifications:oncall.field.roles', suffix: 'roles' },
] as const satisfies readonly { key: keyof ShiftValues; legend: TKey; suffix: string }[];

export function ShiftEditor({ n, value: s, onChange, onRemove, accounts, roles, err, testId }: PartEditorProps<ShiftValues> & { testId: string }) {
  const t = useT('notifications');
  const set = (p: Partial<ShiftValues>) => onChange({ ...s, ...p });
  const nobody = err('accountIds');
  /** a time field's value, change, error and test id */
  const field = (k: 'from' | 'to') => ({ ...textOf(s, onChange)(k), error: err(k), testId: `${testId}-${k}` });
  return (
    <fieldset className="grid min-w-0 grid-cols-2 gap-x-3 rounded-md border border-slate-200 p-2 dark:border-slate-700" data-testid={testId}>
      <legend className="px-1 text-xs font-medium text-slate-600 dark:text-slate-400">{t('notifications:oncall.shift', { n })}</legend>
      <div className="col-span-2">
        <ChoiceGroup
          legend={t('notifications:oncall.field.days')}
          testId={`${testId}-days`}
          value={s.days.map(String) as (typeof DAYS)[number][]}
          error={err('days')}
          choices={choicesOf(DAYS, DAY_KEY, t)}
          onChange={(days) => set({ days: days.map(Number).sort() })}
        />
      </div>
      <TextField label={t('notifications:oncall.field.from')} type="time" {...field('from')} />
      <TextField label={t('notifications:oncall.field.to')} type="time" {...field('to')} />
      {WHO.map(({ key, legend, suffix }) => (
        <CheckList
          key={key}
          legend={t(legend)}
          note={s[key].length > 0 ? s[key].length : null}
          search={t('notifications:oncall.field.search')}
          searchFrom={8}
          items={key === 'accountIds' ? accounts : roles}
          value={s[key]}
          onChange={(ids) => set({ [key]: ids })}
          testId={`${testId}-${suffix}`}
          listClassName="max-h-28"
        />
      ))}
      <div className="col-span-2 flex items-start justify-between gap-2">
        <FieldError text={nobody} testId={`${testId}-who-error`} />
        {onRemove && (
          <Button onClick={onRemove} className="shrink-0">
            {t('notifications:oncall.removeShift')}
          </Button>
        )}
      </div>
    </fieldset>
  );
}
