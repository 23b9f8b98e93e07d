// The installed-capacity columns the station list and the customer list share: PV, storage power
// and energy, generator, formatted as the reader expects (kW, kWh, MW past a thousand).
import type { ColumnDef } from '@tanstack/react-table';
import { formatEnergy, formatPower } from '../../../streams/format/energy';
import type { TFn } from '../../i18n/i18n';

interface Capacities {
  pvCapacityKw: number;
  essPowerKw: number;
  essCapacityKwh: number;
  dgCapacityKw: number;
}

export const capacityColumns = <T extends Capacities>(t: TFn): ColumnDef<T>[] => [
  { id: 'pvCapacityKw', accessorKey: 'pvCapacityKw', header: t('monitor:col.pvCapacity'), size: 100, cell: (c) => formatPower(c.row.original.pvCapacityKw) },
  { id: 'essPowerKw', accessorKey: 'essPowerKw', header: t('monitor:col.essPower'), size: 100, cell: (c) => formatPower(c.row.original.essPowerKw) },
  {
    id: 'essCapacityKwh',
    accessorKey: 'essCapacityKwh',
    header: t('monitor:col.essCapacity'),
    size: 100,
    cell: (c) => formatEnergy(c.row.original.essCapacityKwh),
  },
  { id: 'dgCapacityKw', accessorKey: 'dgCapacityKw', header: t('monitor:col.dgCapacity'), size: 100, cell: (c) => formatPower(c.row.original.dgCapacityKw) },
];
