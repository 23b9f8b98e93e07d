// A labelled group of tick boxes for one of a rule's lists (levels, types, device types,
// channels). Nothing ticked means "all" where `allLabel` is given, and the group says so.
import type { ReactNode } from 'react';
import { FieldError, LEGEND } from '../form/Field';

export interface Choice<V extends string> {
  value: V;
  label: string;
}

export function ChoiceGroup<V extends string>({
  legend,
  choices,
  value,
  onChange,
  allLabel,
  error,
  testId,
  children,
}: {
  legend: string;
  choices: readonly Choice<V>[];
  value: readonly V[];
  onChange: (v: V[]) => void;
  /** shown while nothing is ticked: an empty list matches everything */
  allLabel?: string;
  error?: string | null;
  testId: string;
  children?: ReactNode;
}) {
  const toggle = (v: V, on: boolean) => onChange(on ? [...value, v] : value.filter((x) => x !== v));
  return (
    <fieldset className="flex min-w-0 flex-col gap-1" data-testid={testId} aria-invalid={!!error}>
      <legend className={LEGEND}>
        {legend}
        {allLabel && value.length === 0 && <span className="ml-2 font-normal text-slate-400">({allLabel})</span>}
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {choices.map((c) => (
          <label key={c.value} className="flex min-w-11 items-center gap-1.5">
            <input
              type="checkbox"
              className="accent-brand-600"
              checked={value.includes(c.value)}
              onChange={(e) => toggle(c.value, e.target.checked)}
              data-testid={`${testId}-${c.value}`}
            />
            {c.label}
          </label>
        ))}
      </div>
      {children}
      <FieldError text={error} testId={`${testId}-error`} />
    </fieldset>
  );
}
