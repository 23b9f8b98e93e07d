// The reader's role's default rules on the Notifications page: read-only, each with the role's
// name and a switch that turns it off (or on again) for the reader alone.
import type { RoleRuleOfMine } from '../../../streams/notifications/rules';
import { muteRoleNotificationRule$ } from '../../../streams/notifications/rules';
import { ruleSummary } from '../../components/notifications/ruleSummary';
import { useCommand } from '../../hooks/useCommand';
import { useT } from '../../hooks/useT';

export function RoleRuleList({ rules, onChanged }: { rules: readonly RoleRuleOfMine[]; onChanged: () => void }) {
  const t = useT('notifications', 'alarms', 'station');
  const mute = useCommand(muteRoleNotificationRule$, (e) => e.type !== 'pending' && onChanged());
  if (rules.length === 0) return null;
  return (
    <section aria-labelledby="role-rules-title" data-testid="role-rules" className="border-b border-slate-200 px-3 py-2 dark:border-slate-800">
      <h2 id="role-rules-title" className="text-sm font-semibold">
        {t('notifications:roleRules.mine')}
      </h2>
      <p className="text-xs text-slate-500">{t('notifications:roleRules.mineIntro')}</p>
      <ul className="mt-1 flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
        {rules.map((r) => (
          <li key={r.ruleId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5" data-testid="role-rule-mine">
            <span className="font-medium">{r.name}</span>
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">{t('notifications:roleRules.fromRole', { role: r.roleName })}</span>
            <span className="min-w-0 flex-1 truncate text-sm text-slate-600 dark:text-slate-400" title={ruleSummary(t, r)}>
              {ruleSummary(t, r)}
            </span>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                role="switch"
                className="size-4 accent-brand-600"
                checked={r.enabled && !r.muted}
                disabled={!r.enabled || mute.pending}
                onChange={(e) => mute.run({ ruleId: r.ruleId, muted: !e.target.checked })}
                aria-label={t('notifications:roleRules.receive', { name: r.name })}
              />
              {t(r.muted ? 'notifications:roleRules.off' : r.enabled ? 'notifications:roleRules.on' : 'notifications:status.disabled')}
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
