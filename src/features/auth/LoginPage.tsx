// Login (SPEC §2, §5, §8): account + password (MD5 on the wire) or phone + verification code,
// then the second step when the account has (or its role requires) a second factor.
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { loginWithPassword, loginWithPhone, SecondFactorDue, sendLoginCode } from '../../../streams/session/commands';
import { SendCodeButton } from './formButtons';
import { useRuntime } from '../../hooks/runtime';
import { useCountdown } from '../../hooks/useCountdown';
import { useT } from '../../hooks/useT';
import { href } from '../../lib/paths';
import type { TKey } from '../../i18n/i18n';
import { codeOf, failureKey } from './errorKey';
import { AuthForm, CODE_INPUT, useAuthForm, type AuthFieldSpec } from './AuthForm';
import { AuthFrame } from './AuthFrame';

// the second step is rare, so it stays out of the login chunk
const SecondStep = lazy(() => import('./SecondStep').then((m) => ({ default: m.SecondStep })));
type Due = SecondFactorDue['due'];

type Errors<F extends string> = Partial<Record<F, TKey>>;

export function LoginPage() {
  const t = useT('auth');
  return (
    <AuthFrame minHeightClass="min-h-[560px]" link={{ href: href('findPassword'), label: t('auth:login.forgot') }}>
      <div className="mb-5 flex items-center gap-3">
        <img src="/img/logo.svg" alt="" width={36} height={36} />
        <div>
          <h1 className="text-lg font-semibold">{t('app.platformName')}</h1>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('auth:login.subtitle')}</p>
        </div>
      </div>
      <LoginTabs />
    </AuthFrame>
  );
}

const TABS = ['auth:login.byPassword', 'auth:login.byPhone'] as const;
const REQUIRED_KEY = { account: 'auth:login.accountRequired', password: 'auth:login.passwordRequired' } as const satisfies Record<string, TKey>;
const PHONE_REQUIRED_KEY = { phone: 'auth:login.phoneRequired', code: 'auth:login.codeRequired' } as const satisfies Record<string, TKey>;
/** the check of a field that must not be left empty (blanks count as empty) */
const required =
  <F extends string>(keys: Record<F, TKey>) =>
  (f: F, v: Record<F, string>) =>
    v[f].trim() ? undefined : keys[f];

const PASSWORD_FIELDS = [
  { f: 'account', label: 'auth:login.account', autoComplete: 'username', testId: 'login-account', autoFocus: true },
  { f: 'password', label: 'auth:login.password', type: 'password', autoComplete: 'current-password', testId: 'login-password' },
] as const satisfies readonly AuthFieldSpec<keyof typeof REQUIRED_KEY>[];
const PHONE_FIELDS = [
  { f: 'phone', label: 'auth:login.phone', type: 'tel', autoComplete: 'tel', testId: 'login-phone' },
  { f: 'code', label: 'auth:login.code', ...CODE_INPUT, testId: 'login-code' },
] as const satisfies readonly AuthFieldSpec<keyof typeof PHONE_REQUIRED_KEY>[];

/** WAI-ARIA tabs (arrow keys move between them); Headless UI stays out of the login route. */
function LoginTabs() {
  const t = useT('auth');
  const [tab, setTab] = useState(0);
  const [due, setDue] = useState<Due | null>(null);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const next = (tab + 1) % TABS.length;
    setTab(next);
    refs.current[next]?.focus();
  };
  if (due) {
    return (
      <Suspense fallback={<p className="text-sm text-slate-500">{t('app.loading')}</p>}>
        <SecondStep due={due} onRestart={() => setDue(null)} />
      </Suspense>
    );
  }
  return (
    <>
      <div role="tablist" className="mb-4 flex gap-1 rounded-md bg-slate-100 p-1 dark:bg-slate-800" onKeyDown={onKey}>
        {TABS.map((k, i) => (
          <button
            key={k}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`login-tab-${i}`}
            aria-selected={tab === i}
            aria-controls={`login-panel-${i}`}
            tabIndex={tab === i ? 0 : -1}
            data-testid={`login-tab-${i}`}
            onClick={() => setTab(i)}
            className={`flex-1 rounded px-3 py-1.5 text-sm font-medium ${tab === i ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-700 dark:text-white' : 'text-slate-600 dark:text-slate-300'}`}
          >
            {t(k)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`login-panel-${tab}`} aria-labelledby={`login-tab-${tab}`}>
        {tab === 0 ? <PasswordForm onDue={setDue} /> : <PhoneForm onDue={setDue} />}
      </div>
    </>
  );
}

function useFailure() {
  const { store } = useRuntime();
  return (key: TKey) => store.dispatch({ type: 'message/shown', messageType: 'error', text: { key }, at: Date.now() });
}

/**
 * One sign-in attempt of either form: busy while it runs, a success message when it signs in,
 * the second step when one is due, else the failure the form names for the error.
 */
function useSignIn(onDue: (d: Due) => void) {
  const { store } = useRuntime();
  const fail = useFailure();
  const [busy, setBusy] = useState(false);
  const attempt = async (signIn: () => Promise<unknown>, failure: (e: unknown) => TKey) => {
    setBusy(true);
    try {
      await signIn();
      store.dispatch({ type: 'message/shown', messageType: 'success', text: { key: 'auth:login.succeeded' }, at: Date.now() });
    } catch (e) {
      if (e instanceof SecondFactorDue) return onDue(e.due);
      fail(failure(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, attempt };
}

function PasswordForm({ onDue }: { onDue: (d: Due) => void }) {
  const t = useT('auth');
  const { api, store } = useRuntime();
  const { busy, attempt } = useSignIn(onDue);
  const form = useAuthForm({ account: '', password: '' }, required(REQUIRED_KEY));
  const { account, password } = form.v;

  const submit = async () => {
    const next: Errors<'account' | 'password'> = {
      account: account.trim() ? undefined : 'auth:login.accountRequired',
      password: password ? undefined : 'auth:login.passwordRequired',
    };
    form.setErrors(next);
    if (next.account || next.password) return;
    await attempt(
      () => loginWithPassword(api, store, account, password),
      (e) => (codeOf(e) === 'wrongCredentials' ? 'auth:login.failed' : failureKey(e, 'auth:login.failed')),
    );
  };
  return <AuthForm name="login" fields={PASSWORD_FIELDS} form={form} busy={busy} onSubmit={submit} submit={t('auth:login.submit')} />;
}

function PhoneForm({ onDue }: { onDue: (d: Due) => void }) {
  const t = useT('auth');
  const { api, store } = useRuntime();
  const fail = useFailure();
  const { busy, attempt } = useSignIn(onDue);
  const { left, start } = useCountdown();
  const form = useAuthForm({ phone: '', code: '' }, required(PHONE_REQUIRED_KEY));
  const { phone, code } = form.v;

  const send = async () => {
    if (!phone.trim()) return form.setErrors((e) => ({ ...e, phone: 'auth:login.phoneRequired' }));
    try {
      start(await sendLoginCode(api, phone));
      store.dispatch({ type: 'message/shown', messageType: 'success', text: { key: 'auth:login.codeSent' }, at: Date.now() });
    } catch {
      fail('auth:login.sendCodeFailed');
    }
  };
  const submit = async () => {
    if (!form.checkAll(['phone', 'code'])) return;
    await attempt(
      () => loginWithPhone(api, store, phone, code),
      (e) => {
        const c = codeOf(e);
        return c === 'wrongCode' || c === 'codeExpired' || c === 'validationFailed' ? 'auth:login.failedPhone' : failureKey(e, 'auth:login.failedPhone');
      },
    );
  };
  const sendCode = <SendCodeButton left={left} onClick={send} testId="send-code" />;
  return <AuthForm name="phone" fields={PHONE_FIELDS} form={form} busy={busy} onSubmit={submit} submit={t('auth:login.submit')} addon={{ code: sendCode }} />;
}
