// Assign an alarm (permission alarm.assign): to an account of its provider when the account list
// can be read, else to oneself; or back to nobody. The server checks the assignee either way.
import { useState } from 'react';
import type { TFn } from '../../../i18n/i18n';
import type { AlarmRecord } from '../../../../streams/alarms/records';
import type { AlarmDetailModel } from '../../../hooks/useAlarmDetail';
import { Button } from '../../../components/Button';
import { OptionSelect } from '../../../components/OptionSelect';
import { FieldIssue, issueText } from './fieldIssue';

export function AssignForm({ alarm, model, t }: { alarm: AlarmRecord; model: AlarmDetailModel; t: TFn }) {
  const { people, me, assign } = model;
  const choices = me && !people.some((p) => p.userId === me.userId) ? [me, ...people] : people;
  const [to, setTo] = useState<string>(alarm.assigneeId ? String(alarm.assigneeId) : '');
  const send = (id: number | null) => assign.run({ alarmId: alarm.alarmId, ...(id ? { assigneeId: id } : { assigneeId: null }) });
  return (
    <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-700">
      {/* the label holds the list only: the button's word is not part of the list's name */}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label className="flex flex-wrap items-center gap-2">
          <span className="text-slate-600 dark:text-slate-300">{t('alarms:handling.assignee')}</span>
          <OptionSelect
            testId="assign-select"
            value={to}
            blank={t('alarms:handling.nobody')}
            options={choices.map((p) => ({ value: p.userId, label: p.name }))}
            onChange={setTo}
            className="h-8 min-w-40 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-800"
          />
        </label>
        <Button
          data-testid="assign-save"
          variant="primary"
          disabled={assign.pending || to === String(alarm.assigneeId ?? '')}
          onClick={() => send(to ? Number(to) : null)}
        >
          {t('alarms:handling.assign')}
        </Button>
      </div>
      <FieldIssue testId="assign-error" text={issueText(t, assign.last, 'assigneeId')} />
    </div>
  );
}
