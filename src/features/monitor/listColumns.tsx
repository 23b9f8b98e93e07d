// Columns the provider and station lists share: the row's name in the link colour (a row opens
// its page), and a station's status with its icon, plus what the list adds after it.
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { STATUS_KEYS, StatusIcon } from '../../components/stationLabels';
import type { TFn } from '../../i18n/i18n';

/** The name column: 200 px, over the card's width on a phone. */
export const nameColumn = <T,>(id: keyof T & string, header: string, name: (row: T) => string): ColumnDef<T> => ({
  id,
  meta: { wide: true },
  accessorFn: name,
  header,
  size: 200,
  cell: (c) => <span className="font-medium text-brand-700 dark:text-brand-500">{name(c.row.original)}</span>,
});

/** The station status column; `after` draws what follows the status's word in a row. */
export const statusColumn = <T extends { stationStatus: number }>(t: TFn, size: number, after?: (row: T) => ReactNode): ColumnDef<T> => ({
  id: 'stationStatus',
  accessorKey: 'stationStatus',
  header: t('monitor:col.status'),
  size,
  cell: (c) => {
    const s = c.row.original.stationStatus;
    const label = t(STATUS_KEYS[s] ?? 'monitor:status.offline');
    return (
      <span className="inline-flex items-center gap-1.5">
        <StatusIcon status={s} label={label} />
        {label}
        {after?.(c.row.original)}
      </span>
    );
  },
});
