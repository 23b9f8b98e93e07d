// A report screen's short list of records (schedules, a schedule's deliveries, share links): the
// read's failure, a line while there are none, else the table under its column heads. `name`
// gives the test ids: `<name>-list` the table, `<name>-none` the line.
import type { ReactNode } from 'react';
import { HeadRow } from '../../components/HeadRow';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';

interface RecordTableProps<T> {
  name: string;
  /** null until the first read */
  rows: readonly T[] | null;
  failed?: boolean;
  /** what the line says when there are none */
  none: string;
  heads: readonly TKey[];
  headClass?: string;
  /** an empty heading over the rows' buttons */
  actions?: boolean;
  /** a row's `<tr>`, with its key */
  children: (row: T) => ReactNode;
}

export function RecordTable<T>({ name, rows, failed = false, none, heads, headClass = 'py-1 pr-3 font-medium', actions, children }: RecordTableProps<T>) {
  const t = useT('reports');
  return (
    <>
      {failed && (
        <p role="alert" className="text-red-600">
          {t('reports:errors.failed')}
        </p>
      )}
      {rows?.length === 0 && (
        <p className="text-slate-500" data-testid={`${name}-none`}>
          {none}
        </p>
      )}
      {rows && rows.length > 0 && (
        <table className="w-full text-left" data-testid={`${name}-list`}>
          <thead className="text-xs text-slate-500">
            <HeadRow labels={heads.map((k) => t(k))} cellClass={headClass} actions={actions} />
          </thead>
          <tbody>{rows.map(children)}</tbody>
        </table>
      )}
    </>
  );
}
