// The on-call schedule list's columns: name, state, stations, tiers with their minutes and
// channels, the zone shifts are read in, and the row's actions (edit, delete).
import type { ColumnDef } from '@tanstack/react-table';
import { RowActions } from '../../components/RowActions';
import type { OncallSchedule } from '../../../streams/notifications/oncall';
import type { TFn } from '../../i18n/i18n';
import { CHANNEL_KEY } from './labels';

export type OncallAction = 'edit' | 'delete';

const text = (s: string, testId?: string) => (
  <span className="truncate" title={s} data-testid={testId}>
    {s}
  </span>
);

export function oncallColumns(t: TFn, stationName: (id: number) => string, act: (a: OncallAction, s: OncallSchedule) => void): ColumnDef<OncallSchedule>[] {
  const tiers = (s: OncallSchedule) =>
    s.tiers
      .map(
        (x, i) =>
          `${t('notifications:oncall.tier', { n: i + 1 })}: ${x.afterMinutes === 0 ? t('notifications:oncall.atOnce') : t('notifications:oncall.afterMin', { n: x.afterMinutes })} (${x.channels.map((c) => t(CHANNEL_KEY[c])).join('/')})`,
      )
      .join(' · ');
  return [
    {
      id: 'name',
      accessorKey: 'name',
      header: t('notifications:col.name'),
      size: 170,
      cell: (c) => <span className="truncate font-medium">{text(c.row.original.name, 'oncall-cell')}</span>,
    },
    {
      id: 'enabled',
      accessorFn: (s) => t(s.enabled ? 'notifications:status.enabled' : 'notifications:status.disabled'),
      header: t('notifications:col.enabled'),
      size: 70,
    },
    {
      id: 'stations',
      accessorFn: (s) => (s.stationIds.length ? s.stationIds.map(stationName).join(', ') : t('notifications:rules.allStations')),
      header: t('notifications:col.stations'),
      size: 180,
      meta: { wide: true },
      cell: (c) => text(c.getValue<string>()),
    },
    {
      id: 'tiers',
      accessorFn: tiers,
      header: t('notifications:oncall.col.tiers'),
      size: 360,
      meta: { wide: true },
      cell: (c) => text(c.getValue<string>(), 'oncall-tiers'),
    },
    { id: 'zone', accessorKey: 'zone', header: t('notifications:oncall.field.zone'), size: 130 },
    {
      id: 'actions',
      header: t('notifications:col.actions'),
      size: 120,
      enableSorting: false,
      cell: (c) => (
        <RowActions
          prefix="oncall-action"
          actions={[
            { action: 'edit', label: t('notifications:action.edit') },
            { action: 'delete', label: t('notifications:action.delete') },
          ]}
          onAct={(a) => act(a, c.row.original)}
        />
      ),
    },
  ];
}
