// A table row's actions as links in one line (edit, delete, …). A click acts on the row without
// also opening it, as a click elsewhere on the row does.

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
