// Labelled input with an inline error (first failing rule). Validation runs on blur by the form.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

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
  const id = useId();
  const errId = `${id}-err`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-slate-600 dark:text-slate-400">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          data-testid={testId}
          {...rest}
          className={`h-9 min-w-0 flex-1 rounded-md border bg-white px-2.5 text-sm transition-colors placeholder:text-slate-400 focus:border-brand-500 dark:bg-slate-900 ${
            error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600'
          }`}
        />
        {addon}
      </div>
      <p
        id={errId}
        role={error ? 'alert' : undefined}
        className="min-h-4 text-xs leading-4 text-red-600 dark:text-red-400"
        data-testid={testId ? `${testId}-error` : undefined}
      >
        {error ?? ''}
      </p>
      {hint && (
        <p id={hintId} className="text-xs leading-4 text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
