// A role's default notification rules on its detail page: every account holding the role is told
// by them at its own e-mail, mobile and browsers, within its own data scope (docs/notifications.md,
// "Defaults by role"). Who edits roles adds, edits and deletes them with the rule dialog of the
// Notifications page; others read them.
import { useObservable, useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { map, of } from 'rxjs';
import { deleteRoleNotificationRule$, roleNotificationRules$, type NotificationRule } from '../../../streams/notifications/rules';
import { pickableStations$ } from '../../../streams/system/accounts';
import { NOTHING } from '../../../streams/system/loaded';
import { Button } from '../../components/Button';
import { RuleDialog } from '../../components/notifications/RuleDialog';
import { ruleSummary } from '../../components/notifications/ruleSummary';
import { useRuntime } from '../../hooks/runtime';
import { useReload } from '../../hooks/useCommand';
import { useT } from '../../hooks/useT';
import { ConfirmDialog } from './ConfirmDialog';
import { refusalKey } from './refusal';
import { useCommand } from './useCommand';

export function RoleNotificationRules({ roleId, editable }: { roleId: number; editable: boolean }) {
  const t = useT('system', 'notifications', 'alarms', 'station');
  const { api } = useRuntime();
  const [reload$, reload] = useReload();
  const rules = useObservableState(
    useObservable((in$) => roleNotificationRules$(api, in$.pipe(map(([id]) => id)), reload$), [roleId]),
    NOTHING,
  );
  const stations = useObservableState(
    useObservable(() => pickableStations$(api, of(0)).pipe(map((s) => s.data ?? []))),
    [],
  );
  const [editing, setEditing] = useState<NotificationRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NotificationRule | null>(null);
  const remove = useCommand(deleteRoleNotificationRule$, () => {
    setDeleting(null);
    reload();
  });
  const list = rules.data?.dataList ?? [];

  return (
    <section aria-labelledby="role-notify-title" data-testid="role-notifications" data-loaded={rules.data !== null} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
        <h2 id="role-notify-title" className="text-sm font-semibold">
          {t('notifications:roleRules.title')}
        </h2>
        {editable && (
          <Button className="ml-auto" onClick={() => setEditing('new')} data-testid="role-rule-add">
            {t('notifications:roleRules.create')}
          </Button>
        )}
        <p className="w-full text-xs text-slate-500">{t('notifications:roleRules.intro')}</p>
      </div>
      {rules.failed && (
        <p role="alert" className="text-sm text-red-600">
          {t('system:loadFailed')}
        </p>
      )}
      {rules.data && list.length === 0 && <p className="text-sm text-slate-500">{t('notifications:roleRules.empty')}</p>}
      <ul className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
        {list.map((r) => (
          <li key={r.ruleId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="role-rule">
            <span className="font-medium">{r.name}</span>
            <span className={r.enabled ? 'text-xs text-emerald-600' : 'text-xs text-slate-400'}>
              {t(r.enabled ? 'notifications:status.enabled' : 'notifications:status.disabled')}
            </span>
            <span className="min-w-0 flex-1 truncate text-sm text-slate-600 dark:text-slate-400" title={ruleSummary(t, r)}>
              {ruleSummary(t, r)}
            </span>
            {editable && (
              <span className="flex gap-3 text-sm">
                <button type="button" className="text-brand-700 hover:underline dark:text-brand-500" onClick={() => setEditing(r)}>
                  {t('notifications:action.edit')}
                </button>
                <button type="button" className="text-red-600 hover:underline" onClick={() => setDeleting(r)}>
                  {t('notifications:action.delete')}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {editing && (
        <RuleDialog
          editing={editing === 'new' ? null : editing}
          roleId={roleId}
          stations={stations}
          smsAvailable={rules.data?.smsAvailable ?? false}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('notifications:roleRules.deleteTitle')}
        confirmLabel={t('notifications:action.delete')}
        danger
        busy={remove.busy}
        error={remove.error && t(refusalKey(remove.error))}
        onConfirm={() => deleting && remove.run({ roleId, ruleId: deleting.ruleId })}
        onClose={() => {
          remove.clear();
          setDeleting(null);
        }}
        testId="role-rule-delete-dialog"
      >
        <span className="block font-medium">{deleting?.name}</span>
      </ConfirmDialog>
    </section>
  );
}
