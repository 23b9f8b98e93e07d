// Codes of the notification protocol as text keys, checked by `satisfies` so a new code without
// its text is a compile error.
import type { Delivery } from '../../../streams/notifications/deliveries';
import type { NotificationRule } from '../../../streams/notifications/rules';
import type { TFn, TKey } from '../../i18n/i18n';

// the rule dialog (a shared component) names channels too
export { CHANNEL_KEY } from '../../components/notifications/ruleForm';

export const STATUS_KEY = {
  pending: 'notifications:status.pending',
  sending: 'notifications:status.sending',
  sent: 'notifications:status.sent',
  dead: 'notifications:status.dead',
  suppressed: 'notifications:status.suppressed',
} as const satisfies Record<Delivery['status'], TKey>;

export const KIND_KEY = {
  raised: 'notifications:kind.raised',
  cleared: 'notifications:kind.cleared',
  acked: 'notifications:kind.acked',
  digest: 'notifications:kind.digest',
  test: 'notifications:kind.test',
  escalated: 'notifications:kind.escalated',
  dispatch: 'notifications:kind.dispatch',
  report: 'notifications:kind.report',
} as const satisfies Record<Delivery['kind'], TKey>;

export const STATUS_TONE: Record<Delivery['status'], string> = {
  pending: 'text-amber-600 dark:text-amber-400',
  sending: 'text-sky-600 dark:text-sky-400',
  sent: 'text-emerald-600 dark:text-emerald-400',
  dead: 'text-red-600 dark:text-red-400',
  suppressed: 'text-slate-500',
};

export const OUTCOME_KEY = {
  sent: 'notifications:outcome.sent',
  failed: 'notifications:outcome.failed',
  suppressed: 'notifications:outcome.suppressed',
  interrupted: 'notifications:outcome.interrupted',
  replayed: 'notifications:outcome.replayed',
} as const satisfies Record<Delivery['attemptLog'][number]['outcome'], TKey>;

const EVENT_SHORT_KEY = {
  alarm: 'notifications:eventShort.alarm',
  'dispatch.result': 'notifications:eventShort.dispatchResult',
  'report.ready': 'notifications:eventShort.reportReady',
} as const satisfies Record<NotificationRule['events'][number], TKey>;

/** A webhook's events after its address, when it asked for more than alarms: " (alarms, reports)". */
export const webhookEventsText = (t: TFn, r: NotificationRule): string =>
  r.channels.includes('webhook') && r.events.some((e) => e !== 'alarm') ? ` (${r.events.map((e) => t(EVENT_SHORT_KEY[e])).join(', ')})` : '';
