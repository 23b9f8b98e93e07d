// A list filter's drop-down: named by its label (read by screen readers, and shown in the first
// choice, "<label>: all", whose value is ''), then the given choices.
/** a filter bar's control height and look (selects, search fields) */
export const FILTER_CONTROL = 'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-800';

export interface FilterOption {
  value: string | number;
  label: string;
}

export function FilterSelect({
  testId,
  label,
  all,
  value,
  options,
  onChange,
  className = FILTER_CONTROL,
}: {
  testId: string;
  label: string;
  /** the word for "all" in the first choice */
  all: string;
  /** '' for all */
  value: string | number;
  options: readonly FilterOption[];
  /** the chosen value, '' for all */
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <select data-testid={testId} aria-label={label} className={className} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">
        {label}: {all}
      </option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
