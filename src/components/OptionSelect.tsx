// A plain drop-down of choices, each a value and its words; `blank` puts a first choice whose
// value is '' (nobody, pick one) before them. The caller sizes it and names it (a label around it
// or an aria-label).
import type { SelectHTMLAttributes } from 'react';
import type { FilterOption } from './FilterSelect';

type OptionSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  testId: string;
  value: string | number;
  options: readonly FilterOption[];
  /** the words of a first choice with the value '' */
  blank?: string;
  onChange: (value: string) => void;
};

export function OptionSelect({ testId, value, options, blank, onChange, ...rest }: OptionSelectProps) {
  return (
    <select {...rest} data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
      {blank !== undefined && <option value="">{blank}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
