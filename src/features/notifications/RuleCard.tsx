// A rule on a phone: its name and state, what it sends where, and the same actions as a row.
import type { NotificationRule } from '../../../streams/notifications/rules';
import { useT } from '../../hooks/useT';
import { CHANNEL_KEY, webhookEventsText } from './labels';
import type { RuleAction } from './ruleColumns';

export const RULE_CARD_HEIGHT = 96;

export function RuleCard({ rule, act, testing }: { rule: NotificationRule; act: (a: RuleAction, r: NotificationRule) => void; testing: number | null }) {
  const t = useT('notifications');
  const btn = 'min-h-11 px-2 text-brand-700 disabled:text-slate-400 dark:text-brand-500';
  return (
    <div className="flex h-full flex-col justify-center gap-0.5 border-b border-slate-100 px-3 text-sm dark:border-slate-800" data-testid="rule-card">
      <div className="flex items-center gap-2">
        <span className="truncate font-medium">{rule.name}</span>
        <span className={`ml-auto text-xs ${rule.enabled ? 'text-emerald-600' : 'text-slate-400'}`}>
          {t(rule.enabled ? 'notifications:status.enabled' : 'notifications:status.disabled')}
        </span>
      </div>
      <div className="truncate text-xs text-slate-500">
        {rule.channels.map((c) => `${t(CHANNEL_KEY[c])}${c === 'webhook' ? webhookEventsText(t, rule) : ''}`).join(' · ')}
      </div>
      <div className="-ml-2 flex">
        <button type="button" className={btn} disabled={testing !== null} onClick={() => act('test', rule)}>
          {t(testing === rule.ruleId ? 'notifications:action.testing' : 'notifications:action.test')}
        </button>
        <button type="button" className={btn} onClick={() => act('edit', rule)}>
          {t('notifications:action.edit')}
        </button>
        <button type="button" className={btn} onClick={() => act('delete', rule)}>
          {t('notifications:action.delete')}
        </button>
      </div>
    </div>
  );
}
