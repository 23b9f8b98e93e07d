// Find password (SPEC §5, §8): e-mail code with a resend countdown, new password (MD5 on wire).
import { useObservable, useObservableCallback, useObservableState, useSubscription } from 'observable-hooks';
import { useLocation } from 'wouter';
import { isPending } from '../../../streams/commands/command';
import { resetPasswordByEmail$, sendEmailCode$, type EmailReset } from '../../../streams/session/password';
import { SendCodeButton } from './formButtons';
import { useRuntime } from '../../hooks/runtime';
import { useCountdown } from '../../hooks/useCountdown';
import { useT } from '../../hooks/useT';
import { href } from '../../lib/paths';
import type { TKey } from '../../i18n/i18n';
import { AuthForm, CODE_INPUT, useAuthForm, type AuthFieldSpec } from './AuthForm';
import { AuthFrame } from './AuthFrame';
import { EMAIL, passwordStrengthErrors } from './validators';

type F = 'email' | 'code' | 'password' | 'confirm';

const FIELDS = [
  { f: 'email', label: 'auth:findPassword.email', type: 'email', autoComplete: 'email', testId: 'find-email' },
  { f: 'code', label: 'auth:findPassword.code', ...CODE_INPUT, testId: 'find-code' },
  { f: 'password', label: 'auth:findPassword.newPassword', type: 'password', autoComplete: 'new-password', testId: 'find-password' },
  { f: 'confirm', label: 'auth:findPassword.confirmPassword', type: 'password', autoComplete: 'new-password', testId: 'find-confirm' },
] as const satisfies readonly AuthFieldSpec<F>[];

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
  const form = useAuthForm<F>({ email: '', code: '', password: '', confirm: '' }, validateFind);
  const { v } = form;
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
    if (form.checkAll(['email'])) askCode(v.email);
  };
  const submit = () => {
    if (form.checkAll(FIELDS.map((x) => x.f))) askReset({ email: v.email, code: v.code, password: v.password });
  };
  const sendCode = <SendCodeButton left={left} onClick={send} testId="find-send" />;
  return (
    <AuthFrame minHeightClass="min-h-[600px]" link={{ href: href('login'), label: t('auth:findPassword.backToLogin') }}>
      <h1 className="mb-4 text-lg font-semibold">{t('auth:findPassword.title')}</h1>
      <AuthForm name="find" fields={FIELDS} form={form} busy={busy} onSubmit={submit} submit={t('auth:findPassword.submit')} addon={{ email: sendCode }} />
    </AuthFrame>
  );
}
