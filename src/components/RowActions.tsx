// A table row's actions as links in one line (edit, delete, …), and the list column that holds
// them. A click acts on the row without also opening it, as a click elsewhere on the row does.
import type { ColumnDef } from '@tanstack/react-table';

export interface RowActionLink {
  /** the action, named in the test id `<prefix>-<action>` */
  action: string;
  label: string;
  disabled?: boolean;
}

export function RowActions<A extends string>({
  prefix,
  actions,
  onAct,
  gap = 'gap-3',
}: {
  prefix: string;
  actions: readonly (RowActionLink & { action: A })[];
  onAct: (a: A) => void;
  gap?: 'gap-2' | 'gap-3';
}) {
  return (
    <span className={`flex ${gap} whitespace-nowrap`}>
      {actions.map(({ action, label, disabled }) => (
        <button
          key={action}
          type="button"
          className="text-brand-700 hover:underline disabled:cursor-wait disabled:text-slate-400 dark:text-brand-500"
          disabled={disabled}
          data-testid={`${prefix}-${action}`}
          onClick={(e) => {
            e.stopPropagation();
            onAct(action);
          }}
        >
          {label}
        </button>
      ))}
    </span>
  );
}

/** A list's last column: the row's actions (not sortable), `actions` naming them for the row. */
export function actionsColumn<T, A extends string>({
  header,
  size,
  prefix,
  gap,
  actions,
  act,
}: {
  header: string;
  size: number;
  prefix: string;
  gap?: 'gap-2' | 'gap-3';
  actions: (r: T) => readonly (RowActionLink & { action: A })[];
  act: (a: A, r: T) => void;
}): ColumnDef<T> {
  return {
    id: 'actions',
    header,
    size,
    enableSorting: false,
    cell: (c) => <RowActions prefix={prefix} gap={gap} actions={actions(c.row.original)} onAct={(a) => act(a, c.row.original)} />,
  };
}
