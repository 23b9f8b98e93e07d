// Find password (SPEC §5, §8): e-mail code with a resend countdown, new password (MD5 on wire).
import { useObservable, useObservableCallback, useObservableState, useSubscription } from 'observable-hooks';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { isPending } from '../../../streams/commands/command';
import { resetPasswordByEmail$, sendEmailCode$, type EmailReset } from '../../../streams/session/password';
import { SendCodeButton, SubmitButton } from './formButtons';
import { TextField } from '../../components/TextField';
import { useRuntime } from '../../hooks/runtime';
import { useCountdown } from '../../hooks/useCountdown';
import { useT } from '../../hooks/useT';
import { href } from '../../lib/paths';
import type { TKey } from '../../i18n/i18n';
import { AuthFrame } from './AuthFrame';
import { EMAIL, passwordStrengthErrors } from './validators';

type F = 'email' | 'code' | 'password' | 'confirm';

export function validateFind(f: F, v: Record<F, string>): TKey | undefined {
  switch (f) {
    case 'email':
      return EMAIL.test(v.email.trim()) ? undefined : 'auth:findPassword.emailInvalid';
    case 'code':
      return v.code.trim() ? undefined : 'auth:login.codeRequired';
    case 'password':
      return v.password ? passwordStrengthErrors(v.password)[0] : 'auth:password.required';
    case 'confirm':
      if (!v.confirm) return 'auth:password.confirmRequired';
      return v.confirm === v.password ? undefined : 'auth:findPassword.mismatch';
  }
}

export default function FindPasswordPage() {
  const t = useT('auth');
  const { api, store } = useRuntime();
  const [, navigate] = useLocation();
  const { left, start } = useCountdown();
  const [v, setV] = useState<Record<F, string>>({ email: '', code: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<F, TKey>>>({});
  const set = (f: F) => (x: string) => setV((o) => ({ ...o, [f]: x }));
  const blur = (f: F) => () => setErrors((e) => ({ ...e, [f]: validateFind(f, v) }));
  const msg = (type: 'error' | 'success', key: TKey) => store.dispatch({ type: 'message/shown', messageType: type, text: { key }, at: Date.now() });

  const [askCode, emails$] = useObservableCallback<string>();
  const sending$ = useObservable(() => sendEmailCode$(api, emails$));
  useSubscription(sending$, (e) => {
    if (e.type === 'succeeded') {
      start(e.output);
      msg('success', 'auth:login.codeSent');
    } else if (e.type === 'failed') msg('error', 'auth:login.sendCodeFailed');
  });
  const [askReset, resets$] = useObservableCallback<EmailReset>();
  const resetting$ = useObservable(() => resetPasswordByEmail$(api, resets$));
  const busy = isPending(useObservableState(resetting$, null));
  useSubscription(resetting$, (e) => {
    if (e.type === 'succeeded') {
      msg('success', 'auth:findPassword.resetSucceeded');
      navigate(href('login'), { replace: true });
    } else if (e.type === 'failed') msg('error', 'auth:findPassword.resetFailed');
  });

  const send = () => {
    const e = validateFind('email', v);
    setErrors((x) => ({ ...x, email: e }));
    if (!e) askCode(v.email);
  };
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const all = Object.fromEntries((['email', 'code', 'password', 'confirm'] as const).map((f) => [f, validateFind(f, v)])) as Partial<Record<F, TKey>>;
    setErrors(all);
    if (!Object.values(all).some(Boolean)) askReset({ email: v.email, code: v.code, password: v.password });
  };
  const err = (f: F) => (errors[f] ? t(errors[f]) : null);
  return (
    <AuthFrame minHeightClass="min-h-[600px]" link={{ href: href('login'), label: t('auth:findPassword.backToLogin') }}>
      <h1 className="mb-4 text-lg font-semibold">{t('auth:findPassword.title')}</h1>
      <form onSubmit={submit} noValidate className="flex flex-col gap-1" data-testid="find-form">
        <TextField
          label={t('auth:findPassword.email')}
          type="email"
          value={v.email}
          onChange={set('email')}
          onBlur={blur('email')}
          error={err('email')}
          testId="find-email"
          autoComplete="email"
          addon={<SendCodeButton left={left} onClick={send} testId="find-send" />}
        />
        <TextField
          label={t('auth:findPassword.code')}
          value={v.code}
          onChange={set('code')}
          onBlur={blur('code')}
          error={err('code')}
          inputMode="numeric"
          maxLength={6}
          testId="find-code"
        />
        <TextField
          label={t('auth:findPassword.newPassword')}
          type="password"
          value={v.password}
          onChange={set('password')}
          onBlur={blur('password')}
          error={err('password')}
          autoComplete="new-password"
          testId="find-password"
        />
        <TextField
          label={t('auth:findPassword.confirmPassword')}
          type="password"
          value={v.confirm}
          onChange={set('confirm')}
          onBlur={blur('confirm')}
          error={err('confirm')}
          autoComplete="new-password"
          testId="find-confirm"
        />
        <SubmitButton busy={busy} testId="find-submit">
          {t('auth:findPassword.submit')}
        </SubmitButton>
      </form>
    </AuthFrame>
  );
}
