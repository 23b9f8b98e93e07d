// A labelled group of tick boxes for one of a rule's lists (levels, types, device types,
// channels). Nothing ticked means "all" where `allLabel` is given, and the group says so.
import type { ReactNode } from 'react';
import { CheckField, tickOf } from '../form/ChoiceFields';
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
  const tick = tickOf(value, onChange);
  return (
    <fieldset className="flex min-w-0 flex-col gap-1" data-testid={testId} aria-invalid={!!error}>
      <legend className={LEGEND}>
        {legend}
        {allLabel && value.length === 0 && <span className="ml-2 font-normal text-slate-400">({allLabel})</span>}
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {choices.map((c) => (
          <CheckField key={c.value} gap="gap-1.5" className="min-w-11" label={c.label} {...tick(c.value)} testId={`${testId}-${c.value}`} />
        ))}
      </div>
      {children}
      <FieldError text={error} testId={`${testId}-error`} />
    </fieldset>
  );
}
