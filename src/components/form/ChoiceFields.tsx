// The select, text area and tick box of a form's field rows, looking and labelled like TextField.
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { controlClass, FieldRow, type FieldRowProps } from './Field';

/** One of a select's choices: what is sent, and the words shown for it. */
interface SelectOption {
  value: string | number;
  label: string;
}

type SelectProps = FieldRowProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'className'> & {
    onChange: (v: string) => void;
    /** the choices, after any given as children (a "none" first, a value no longer offered) */
    options?: readonly SelectOption[];
    children?: ReactNode;
  };

export function SelectField({ label, error, hint, testId, className, onChange, options = [], children, ...rest }: SelectProps) {
  const choices = options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
  return (
    <FieldRow label={label} error={error} hint={hint} testId={testId} className={className}>
      {(link) => (
        <select
          {...link}
          {...rest}
          data-testid={testId}
          onChange={(e) => onChange(e.target.value)}
          className={`h-9 disabled:opacity-70 ${controlClass(error)}`}
        >
          {children}
          {choices}
        </select>
      )}
    </FieldRow>
  );
}

type TextAreaProps = FieldRowProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'className' | 'value'> & { value: string; onChange: (v: string) => void };

export function TextAreaField({ label, error, hint, testId, className, onChange, rows = 2, ...rest }: TextAreaProps) {
  return (
    <FieldRow label={label} error={error} hint={hint} testId={testId} className={className}>
      {(link) => (
        <textarea {...link} {...rest} rows={rows} data-testid={testId} onChange={(e) => onChange(e.target.value)} className={`py-1.5 ${controlClass(error)}`} />
      )}
    </FieldRow>
  );
}

/** The tick box of `v` in a list of ticked values: ticked while `v` is in it, ticking adds it and
 *  unticking takes it out. */
export const tickOf = <V,>(value: readonly V[], onChange: (v: V[]) => void) => {
  const ticked = new Set(value);
  return (v: V) => ({ checked: ticked.has(v), onChange: (on: boolean) => onChange(on ? [...value, v] : value.filter((x) => x !== v)) });
};

interface CheckFieldProps {
  /** the words beside the box, which name it */
  label: ReactNode;
  checked: boolean;
  onChange: (on: boolean) => void;
  testId?: string;
  /** between the box and its words */
  gap?: 'gap-1.5' | 'gap-2';
  /** places the row and sizes its words */
  className?: string;
}

/** A tick box named by the words beside it (also each box of a CheckList or a ChoiceGroup). */
export function CheckField({ label, checked, onChange, testId, gap = 'gap-2', className = 'text-sm' }: CheckFieldProps) {
  return (
    <label className={`flex items-center ${gap} ${className}`}>
      <input type="checkbox" className="accent-brand-600" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      {label}
    </label>
  );
}
