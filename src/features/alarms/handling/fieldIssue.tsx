// A server refusal of a handling command, at the field it concerns, in the reader's language.
import type { TFn } from '../../../i18n/i18n';
import type { CommandEvent } from '../../../../streams/commands/command';

/** The message for `field` of the latest failed command, or '' when it is not about that field. */
export function issueText(t: TFn, last: CommandEvent<unknown, unknown> | null, field: string): string {
  if (!last || last.type !== 'failed') return '';
  const e = last.error;
  if (field === 'alarmId' && e.code === 'conflict') return t('alarms:handling.errors.conflict');
  const f = e.fields.find((x) => x.path === field || x.path.startsWith(`${field}.`));
  if (!f) return '';
  if (field === 'assigneeId') return t('alarms:handling.errors.assignee');
  if (f.issue === 'required' || (f.issue === 'tooSmall' && field !== 'assigneeId')) return t('alarms:handling.errors.required');
  if (f.issue === 'tooBig') return t('alarms:handling.errors.tooBig', { limit: f.limit ?? '' });
  return t('alarms:handling.errors.invalid');
}

export function FieldIssue({ text, testId }: { text: string; testId: string }) {
  return (
    <p role={text ? 'alert' : undefined} data-testid={testId} className="min-h-4 text-xs leading-4 text-red-600 dark:text-red-400">
      {text}
    </p>
  );
}
