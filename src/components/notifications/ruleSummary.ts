// One line saying what a rule does, for lists that show a rule without its table: which alarms,
// on which channels, at once or as a digest, and its quiet hours.
import type { NotificationRule } from '../../../streams/notifications/rules';
import type { TFn } from '../../i18n/i18n';
import { ALARM_CATEGORY_KEY, ALARM_TYPE_KEY, DEVICE_TYPE_KEY } from '../../i18n/codeKeys';
import { CHANNEL_KEY } from './ruleForm';

export const ruleSummary = (t: TFn, r: NotificationRule): string =>
  [
    r.categories.map((c) => t(ALARM_CATEGORY_KEY[c])).join('/') || t('notifications:rules.all'),
    r.alarmTypes.map((c) => t(ALARM_TYPE_KEY[c])).join('/'),
    r.deviceTypes.map((c) => t(DEVICE_TYPE_KEY[c])).join('/'),
    r.stationIds.length ? t('notifications:rules.stationsChosen', { count: r.stationIds.length }) : '',
    r.channels.map((c) => t(CHANNEL_KEY[c])).join(', '),
    r.digestMinutes === null ? t('notifications:rules.atOnce') : t('notifications:rules.digestEvery', { minutes: r.digestMinutes }),
    r.quietFrom && r.quietTo ? t('notifications:roleRules.quiet', { from: r.quietFrom, to: r.quietTo, zone: r.zone }) : '',
  ]
    .filter(Boolean)
    .join(' · ');
