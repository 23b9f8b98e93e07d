// Labelled input with an inline error (first failing rule). Validation runs on blur by the form.
import type { InputHTMLAttributes, ReactNode } from 'react';
import { controlClass, FieldRow } from './form/Field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  /** trailing control (e.g. a send-code button) */
  addon?: ReactNode;
  /** a line under the field saying what it is for (read with the field) */
  hint?: string;
  testId?: string;
}

export function TextField({ label, value, onChange, error, addon, hint, testId, className = '', ...rest }: TextFieldProps) {
  return (
    <FieldRow label={label} error={error} hint={hint} testId={testId} className={className}>
      {(link) => (
        <div className="flex gap-2">
          <input
            {...link}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            data-testid={testId}
            {...rest}
            className={`h-9 flex-1 ${controlClass(error)}`}
          />
          {addon}
        </div>
      )}
    </FieldRow>
  );
}
