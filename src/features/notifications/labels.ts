// Codes of the notification protocol as text keys, checked by `satisfies` so a new code without
// its text is a compile error.
import { DELIVERY_KINDS, DELIVERY_OUTCOMES, DELIVERY_STATUSES } from '../../../protocol/codes';
import type { Delivery } from '../../../streams/notifications/deliveries';
import type { NotificationRule } from '../../../streams/notifications/rules';
import { keysOf } from '../../i18n/codeKeys';
import type { TFn, TKey } from '../../i18n/i18n';

// the rule dialog (a shared component) names channels too
export { CHANNEL_KEY } from '../../components/notifications/ruleForm';

export const STATUS_KEY = keysOf('notifications:status', DELIVERY_STATUSES) satisfies Record<Delivery['status'], TKey>;

export const KIND_KEY = keysOf('notifications:kind', DELIVERY_KINDS) satisfies Record<Delivery['kind'], TKey>;

export const STATUS_TONE: Record<Delivery['status'], string> = {
  pending: 'text-amber-600 dark:text-amber-400',
  sending: 'text-sky-600 dark:text-sky-400',
  sent: 'text-emerald-600 dark:text-emerald-400',
  dead: 'text-red-600 dark:text-red-400',
  suppressed: 'text-slate-500',
};

export const OUTCOME_KEY = keysOf('notifications:outcome', DELIVERY_OUTCOMES) satisfies Record<Delivery['attemptLog'][number]['outcome'], TKey>;

const EVENT_SHORT_KEY = {
  alarm: 'notifications:eventShort.alarm',
  'dispatch.result': 'notifications:eventShort.dispatchResult',
  'report.ready': 'notifications:eventShort.reportReady',
} as const satisfies Record<NotificationRule['events'][number], TKey>;

/** A webhook's events after its address, when it asked for more than alarms: " (alarms, reports)". */
export const webhookEventsText = (t: TFn, r: NotificationRule): string =>
  r.channels.includes('webhook') && r.events.some((e) => e !== 'alarm') ? ` (${r.events.map((e) => t(EVENT_SHORT_KEY[e])).join(', ')})` : '';
