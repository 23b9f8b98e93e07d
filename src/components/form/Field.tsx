// One labelled field row of a form: the label above its control (tied by id, so the control is
// named by it), an optional hint read with the control, and the error at the field. The error
// line keeps its height while empty, so the rows below do not move when an error appears.
import { useId, type ReactNode } from 'react';

/** The message under a field (or a group of fields); `role=alert` only while it says something. */
export function FieldError({ text, testId, id }: { text: string | null | undefined; testId?: string; id?: string }) {
  return (
    <p id={id} role={text ? 'alert' : undefined} className="min-h-4 text-xs leading-4 text-red-600 dark:text-red-400" data-testid={testId}>
      {text ?? ''}
    </p>
  );
}

/** What a row's control carries to be tied to its label, hint and error. */
export interface ControlLink {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

export interface FieldRowProps {
  label: string;
  error?: string | null;
  /** a line under the field saying what it is for (read with the field) */
  hint?: string;
  /** the control's test id; its error line is `<testId>-error` */
  testId?: string;
  className?: string;
}

export function FieldRow({ label, error, hint, testId, className = '', children }: FieldRowProps & { children: (link: ControlLink) => ReactNode }) {
  const id = useId();
  const errId = `${id}-err`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-slate-600 dark:text-slate-400">
        {label}
      </label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
      <FieldError id={errId} text={error} testId={testId ? `${testId}-error` : undefined} />
      {hint && (
        <p id={hintId} className="text-xs leading-4 text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The look of a row's input, select or text area; its border turns red while it is in error. */
export const controlClass = (error: string | null | undefined) =>
  `min-w-0 rounded-md border bg-white px-2.5 text-sm transition-colors placeholder:text-slate-400 focus:border-brand-500 dark:bg-slate-900 ${
    error ? 'border-red-500' : 'border-slate-300 dark:border-slate-600'
  }`;

/** A group's title (tick boxes, radios, a set of fields). */
export const LEGEND = 'mb-1 text-xs font-medium text-slate-600 dark:text-slate-400';
