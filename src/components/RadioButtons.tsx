// A choice among a few as a row of joined buttons that act as radios (the header's clock setting,
// the alarm analysis's days): the chosen one filled in the brand colour.

const LOOK = {
  small: { button: 'h-7 px-2 text-xs font-medium', off: 'bg-white text-slate-600 hover:bg-slate-50 dark:bg-slate-800 dark:text-slate-300' },
  normal: { button: 'h-8 px-3 text-sm', off: 'bg-white hover:bg-slate-50 dark:bg-slate-800 dark:hover:bg-slate-700' },
} as const;

export function RadioButtons<V extends string | number>({
  label,
  choices,
  value,
  onChange,
  labelOf,
  testIdOf,
  titleOf,
  size = 'normal',
  ...marks
}: {
  /** the group's accessible name */
  label: string;
  choices: readonly V[];
  value: V;
  onChange: (v: V) => void;
  labelOf: (v: V) => string;
  testIdOf: (v: V) => string;
  titleOf?: (v: V) => string;
  size?: keyof typeof LOOK;
  title?: string;
} & Record<`data-${string}`, string>) {
  const look = LOOK[size];
  return (
    <span role="radiogroup" aria-label={label} className="inline-flex overflow-hidden rounded-md border border-slate-300 dark:border-slate-600" {...marks}>
      {choices.map((c) => (
        <button
          key={c}
          type="button"
          role="radio"
          aria-checked={value === c}
          title={titleOf?.(c)}
          data-testid={testIdOf(c)}
          onClick={() => onChange(c)}
          className={`${look.button} ${value === c ? 'bg-brand-600 text-white' : look.off}`}
        >
          {labelOf(c)}
        </button>
      ))}
    </span>
  );
}
