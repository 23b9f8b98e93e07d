// A titled group of radios: each radio is named by its own words, the group by its legend.
import type { ReactNode } from 'react';
import { LEGEND } from './Field';

export interface RadioChoice<V extends string | number> {
  value: V;
  label: string;
  testId?: string;
}

export function RadioGroup<V extends string | number>({
  legend,
  name,
  choices,
  value,
  onChange,
  className,
  choicesClassName,
  children,
}: {
  legend: string;
  /** the radios' shared name (one choice of the group at a time) */
  name: string;
  choices: readonly RadioChoice<V>[];
  value: V;
  onChange: (v: V) => void;
  /** the group's layout */
  className: string;
  /** the row of radios' layout, when they sit in a row of their own */
  choicesClassName?: string;
  /** what follows the radios in the group (a hint, a list to pick from) */
  children?: ReactNode;
}) {
  const radios = choices.map((c) => (
    <label key={c.value} className="flex items-center gap-1.5">
      <input type="radio" name={name} className="accent-brand-600" checked={value === c.value} onChange={() => onChange(c.value)} data-testid={c.testId} />
      {c.label}
    </label>
  ));
  return (
    <fieldset className={className}>
      <legend className={LEGEND}>{legend}</legend>
      {choicesClassName ? <div className={choicesClassName}>{radios}</div> : radios}
      {children}
    </fieldset>
  );
}
