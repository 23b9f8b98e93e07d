// A sign-in or password form: its text fields, from a list of specs, and the full-width submit
// under them. Each field holds its value, is checked as it loses focus (and again on submit), and
// says what its check found under it.
import { useState, type FormEvent, type ReactNode } from 'react';
import { TextField, type TextFieldProps } from '../../components/TextField';
import { SubmitButton } from './formButtons';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';

/** The input of a six-digit code (sent by e-mail or SMS, or shown by an authenticator app). */
export const CODE_INPUT = { inputMode: 'numeric', maxLength: 6 } as const;

/** One field: its name in the form, its label, and what its input is (type, autocomplete, test id). */
export type AuthFieldSpec<F extends string> = { f: F; label: TKey } & Omit<TextFieldProps, 'label' | 'value' | 'onChange' | 'onBlur' | 'error'>;

/** A form's values and what their checks found; `check` says what is wrong with one field. */
export function useAuthForm<F extends string>(initial: Record<F, string>, check: (f: F, v: Record<F, string>) => TKey | undefined) {
  const [v, setV] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, TKey>>>({});
  const checkOne = (f: F) => setErrors((e) => ({ ...e, [f]: check(f, v) }));
  return {
    v,
    errors,
    setErrors,
    /** a field's value, its change and its check as it loses focus */
    field: (f: F) => ({ value: v[f], onChange: (x: string) => setV((o) => ({ ...o, [f]: x })), onBlur: () => checkOne(f) }),
    /** checks `fields`, shows what was found; true when nothing was */
    checkAll: (fields: readonly F[]) => {
      const found = Object.fromEntries(fields.map((f) => [f, check(f, v)])) as Partial<Record<F, TKey>>;
      setErrors((e) => ({ ...e, ...found }));
      return !Object.values(found).some(Boolean);
    },
  };
}

/** test ids: `<name>-form`, `<name>-submit`, and each field's own */
export function AuthForm<F extends string>({
  name,
  fields,
  form,
  busy,
  onSubmit,
  submit,
  addon,
}: {
  name: string;
  fields: readonly AuthFieldSpec<F>[];
  form: ReturnType<typeof useAuthForm<F>>;
  busy: boolean;
  onSubmit: () => void;
  /** the submit button's words */
  submit: string;
  /** a control beside a field (the send-code button) */
  addon?: Partial<Record<F, ReactNode>>;
}) {
  const t = useT('auth');
  const errorOf = (f: F) => {
    const key: TKey | undefined = form.errors[f];
    return key ? t(key) : null;
  };
  const send = (ev: FormEvent) => {
    ev.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-1" data-testid={`${name}-form`}>
      {fields.map(({ f, label, ...input }) => (
        <TextField key={f} label={t(label)} {...input} {...form.field(f)} error={errorOf(f)} addon={addon?.[f]} />
      ))}
      <SubmitButton busy={busy} testId={`${name}-submit`}>
        {submit}
      </SubmitButton>
    </form>
  );
}
