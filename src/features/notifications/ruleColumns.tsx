// The rule list's columns: name, state, which alarms, stations, channels with their addresses,
// at once or digest, quiet hours with their zone, and the row's actions (test, edit, delete).
import type { ColumnDef } from '@tanstack/react-table';
import { actionsColumn } from '../../components/RowActions';
import { CutText, cutCell } from '../../widgets/tableCells';
import type { NotificationRule } from '../../../streams/notifications/rules';
import type { TFn } from '../../i18n/i18n';
import { ALARM_CATEGORY_KEY, ALARM_TYPE_KEY, DEVICE_TYPE_KEY } from '../../i18n/codeKeys';
import { CHANNEL_KEY, webhookEventsText } from './labels';

export type RuleAction = 'test' | 'edit' | 'delete';

export function ruleColumns(
  t: TFn,
  stationName: (id: number) => string,
  act: (a: RuleAction, r: NotificationRule) => void,
  testing: number | null,
): ColumnDef<NotificationRule>[] {
  const all = t('notifications:rules.all');
  const alarms = (r: NotificationRule) =>
    [
      r.categories.map((c) => t(ALARM_CATEGORY_KEY[c])).join('/') || all,
      r.alarmTypes.length ? r.alarmTypes.map((c) => t(ALARM_TYPE_KEY[c])).join('/') : null,
      r.deviceTypes.length ? r.deviceTypes.map((c) => t(DEVICE_TYPE_KEY[c])).join('/') : null,
    ]
      .filter(Boolean)
      .join(' · ');
  const stations = (r: NotificationRule) => (r.stationIds.length ? r.stationIds.map(stationName).join(', ') : t('notifications:rules.allStations'));
  const address = (r: NotificationRule, c: NotificationRule['channels'][number]) =>
    c === 'email' ? (r.email ?? '') : c === 'webhook' ? (r.webhookUrl ?? '') : c === 'sms' ? (r.mobile ?? '') : '';
  return [
    {
      id: 'name',
      accessorKey: 'name',
      header: t('notifications:col.name'),
      size: 150,
      cell: (c) => (
        <span className="truncate font-medium" data-testid="rule-cell" title={c.row.original.name}>
          {c.row.original.name}
        </span>
      ),
    },
    {
      id: 'enabled',
      accessorKey: 'enabled',
      header: t('notifications:col.enabled'),
      size: 60,
      cell: (c) => (
        <span className={c.row.original.enabled ? 'text-emerald-600' : 'text-slate-400'}>
          {t(c.row.original.enabled ? 'notifications:status.enabled' : 'notifications:status.disabled')}
        </span>
      ),
    },
    { id: 'alarms', accessorFn: alarms, header: t('notifications:col.alarms'), size: 170, cell: cutCell },
    { id: 'stations', accessorFn: stations, header: t('notifications:col.stations'), size: 150, cell: cutCell },
    {
      id: 'channels',
      accessorFn: (r) => r.channels.join(','),
      header: t('notifications:col.channels'),
      size: 200,
      enableSorting: false,
      cell: (c) => {
        const r = c.row.original;
        const text = r.channels
          .map((ch) => `${t(CHANNEL_KEY[ch])}${address(r, ch) ? ` ${address(r, ch)}` : ''}${ch === 'webhook' ? webhookEventsText(t, r) : ''}`)
          .join(' · ');
        return <CutText text={text} testId="rule-channels-cell" />;
      },
    },
    {
      id: 'timing',
      accessorFn: (r) => (r.digestMinutes === null ? t('notifications:rules.atOnce') : t('notifications:rules.digestEvery', { minutes: r.digestMinutes })),
      header: t('notifications:col.timing'),
      size: 110,
    },
    {
      id: 'quiet',
      accessorFn: (r) => (r.quietFrom && r.quietTo ? `${r.quietFrom}–${r.quietTo} ${r.zone}` : t('notifications:rules.noQuiet')),
      header: t('notifications:col.quiet'),
      size: 150,
      cell: cutCell,
    },
    actionsColumn({
      header: t('notifications:col.actions'),
      size: 170,
      prefix: 'rule-action',
      actions: (r: NotificationRule) => [
        { action: 'test', label: t(testing === r.ruleId ? 'notifications:action.testing' : 'notifications:action.test'), disabled: testing !== null },
        { action: 'edit', label: t('notifications:action.edit') },
        { action: 'delete', label: t('notifications:action.delete') },
      ],
      act,
    }),
  ];
}
