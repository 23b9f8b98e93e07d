// The delivery log's columns: when it was made (in the console's list zone, named in the
// header), recipient, channel and address, kind of message, alarm, status, attempts, last error,
// and Replay on a dead row for whoever may replay.
import type { ColumnDef } from '@tanstack/react-table';
import type { Delivery } from '../../../streams/notifications/deliveries';
import type { Zone } from '../../../protocol/site-time';
import type { TFn } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/dateTime';
import { CutText, markedCell } from '../../widgets/tableCells';
import { CHANNEL_KEY, KIND_KEY, STATUS_KEY, STATUS_TONE } from './labels';

export function deliveryColumns(t: TFn, zone: Zone, onReplay: ((d: Delivery) => void) | null): ColumnDef<Delivery>[] {
  const columns: ColumnDef<Delivery>[] = [
    {
      id: 'time',
      accessorFn: (d) => formatDateTime(d.createdAt, zone),
      header: t('notifications:col.time', { zone }),
      // 19 monospaced characters and the cell's padding
      size: 170,
      cell: (c) => (
        <span data-value className="font-mono text-xs" data-testid="delivery-time">
          {c.getValue<string>()}
        </span>
      ),
    },
    {
      id: 'recipient',
      accessorKey: 'recipient',
      header: t('notifications:col.recipient'),
      size: 110,
      cell: (c) => <CutText text={c.row.original.recipient} />,
    },
    {
      id: 'channel',
      accessorFn: (d) => t(CHANNEL_KEY[d.channel]),
      header: t('notifications:col.channel'),
      size: 80,
      cell: markedCell('delivery-channel', (d) => ({ 'data-channel': d.channel })),
    },
    {
      id: 'address',
      accessorFn: (d) => (d.channel === 'push' ? t('notifications:log.browsers') : d.address),
      header: t('notifications:col.address'),
      size: 190,
      cell: (c) => <CutText text={c.getValue<string>()} testId="delivery-address" />,
    },
    {
      id: 'kind',
      accessorFn: (d) => (d.kind === 'escalated' ? t('notifications:kind.escalatedTier', { tier: Number(d.detail.tier) }) : t(KIND_KEY[d.kind])),
      header: t('notifications:col.kind'),
      size: 80,
      cell: markedCell('delivery-kind', (d) => ({ 'data-kind': d.kind })),
    },
    {
      id: 'alarm',
      accessorFn: (d) => d.alarmId ?? (d.alarmIds.length ? d.alarmIds.length : null),
      header: t('notifications:col.alarm'),
      size: 70,
      cell: (c) => (
        <span data-value>{c.row.original.alarmId !== null ? `#${c.row.original.alarmId}` : c.row.original.alarmIds.map((a) => `#${a}`).join(' ') || '-'}</span>
      ),
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: t('notifications:col.status'),
      size: 80,
      cell: (c) => (
        <span className={STATUS_TONE[c.row.original.status]} data-testid="delivery-status" data-status={c.row.original.status}>
          {t(STATUS_KEY[c.row.original.status])}
        </span>
      ),
    },
    {
      id: 'attempts',
      accessorKey: 'attempts',
      header: t('notifications:col.attempts'),
      size: 70,
      cell: (c) => (
        <span data-value data-testid="delivery-attempts">
          {c.row.original.attempts}
        </span>
      ),
    },
    {
      id: 'error',
      accessorFn: (d) => d.lastError ?? '',
      header: t('notifications:col.error'),
      size: 200,
      enableSorting: false,
      cell: (c) => <CutText text={c.row.original.lastError ?? '-'} testId="delivery-error" />,
    },
  ];
  if (onReplay)
    columns.push({
      id: 'replay',
      header: '',
      size: 80,
      enableSorting: false,
      cell: (c) => (c.row.original.status === 'dead' ? <ReplayButton d={c.row.original} t={t} onReplay={onReplay} /> : null),
    });
  return columns;
}

/** Replay on a dead row (a click here does not open the row's attempts). */
export const ReplayButton = ({ d, t, onReplay }: { d: Delivery; t: TFn; onReplay: (d: Delivery) => void }) => (
  <button
    type="button"
    className="rounded border border-slate-300 px-2 py-0.5 text-xs font-medium text-blue-700 hover:bg-blue-50 dark:border-slate-600 dark:text-blue-300 dark:hover:bg-slate-800"
    aria-label={t('notifications:log.replayRow', { id: d.deliveryId })}
    onClick={(e) => {
      e.stopPropagation();
      onReplay(d);
    }}
    data-testid="delivery-replay"
  >
    {t('notifications:log.replay')}
  </button>
);
