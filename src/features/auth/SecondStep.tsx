// The second sign-in step after the password or the phone code: a 6-digit authenticator code, or
// a recovery code instead. When the role requires a second factor the account lacks, it enrols
// first (QR code, the secret to type by hand, a code to confirm), and the ten recovery codes are
// shown once before the console opens.
import { useEffect, useState, type FormEvent } from 'react';
import { enrolAtSignIn, verifySecondFactor, type SecondFactor, type SecondStepDone } from '../../../streams/session/twoFactor';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';
import { RecoveryCodes } from './RecoveryCodes';
import { codeOf, failureKey } from './errorKey';

type Enrolment = { secret: string; qrDataUrl: string };

export function SecondStep({ due, onRestart }: { due: { twoFactor: 'verify' | 'enrol'; challenge: string }; onRestart: () => void }) {
  const t = useT('system');
  const { api, store } = useRuntime();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<TKey | null>(null);
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [done, setDone] = useState<SecondStepDone | null>(null);

  useEffect(() => {
    if (due.twoFactor !== 'enrol') return;
    enrolAtSignIn(api, due.challenge).then(setEnrolment, (e: unknown) => setError(failureKey(e, 'system:twoFactor.expired')));
  }, [api, due]);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const v = code.trim();
    if (!v) return setError(recovery ? 'system:twoFactor.recoveryRequired' : 'system:twoFactor.codeRequired');
    if (!recovery && !/^\d{6}$/.test(v)) return setError('system:twoFactor.codeFormat');
    setBusy(true);
    setError(null);
    try {
      const factor: SecondFactor = recovery ? { recoveryCode: v } : { code: v };
      const r = await verifySecondFactor(api, store, due.challenge, factor);
      if (r.recoveryCodes.length > 0) setDone(r);
      else {
        store.dispatch({ type: 'message/shown', messageType: 'success', text: { key: 'auth:login.succeeded' }, at: Date.now() });
        r.enter();
      }
    } catch (e) {
      const c = codeOf(e);
      setError(
        c === 'wrongCode' || c === 'validationFailed'
          ? 'system:twoFactor.wrongCode'
          : c === 'codeExpired'
            ? 'system:twoFactor.expired'
            : failureKey(e, 'system:twoFactor.wrongCode'),
      );
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div data-testid="second-step-codes" className="flex flex-col gap-3">
        <RecoveryCodes codes={done.recoveryCodes} />
        <Button variant="primary" className="h-9 w-full" onClick={done.enter} data-testid="second-step-continue">
          {t('system:twoFactor.continue')}
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" data-testid="second-step" data-mode={due.twoFactor}>
      <h2 className="text-sm font-semibold">{t(due.twoFactor === 'enrol' ? 'system:twoFactor.enrolTitle' : 'system:twoFactor.title')}</h2>
      {due.twoFactor === 'enrol' &&
        (enrolment ? (
          <div className="flex flex-col items-center gap-1 text-xs">
            <p className="text-slate-600 dark:text-slate-400">{t('system:twoFactor.enrolHint')}</p>
            <img src={enrolment.qrDataUrl} alt={t('system:twoFactor.qr')} width={160} height={160} data-testid="second-step-qr" />
            <code data-testid="second-step-secret" className="break-all">
              {enrolment.secret}
            </code>
          </div>
        ) : (
          !error && <p className="text-xs text-slate-500">{t('app.loading')}</p>
        ))}
      {due.twoFactor === 'verify' && (
        <p className="text-xs text-slate-600 dark:text-slate-400">{t(recovery ? 'system:twoFactor.recoveryHint' : 'system:twoFactor.hint')}</p>
      )}
      <TextField
        label={t(recovery ? 'system:twoFactor.recoveryCode' : 'system:twoFactor.code')}
        value={code}
        onChange={setCode}
        inputMode={recovery ? 'text' : 'numeric'}
        maxLength={recovery ? 9 : 6}
        autoComplete="one-time-code"
        error={error && t(error)}
        testId="second-step-code"
        autoFocus
      />
      <Button type="submit" variant="primary" disabled={busy} className="h-9 w-full" data-testid="second-step-submit">
        {t('auth:login.submit')}
      </Button>
      <div className="flex justify-between text-xs">
        {due.twoFactor === 'verify' ? (
          <button
            type="button"
            className="font-medium text-brand-600 hover:underline"
            onClick={() => {
              setRecovery((r) => !r);
              setCode('');
              setError(null);
            }}
            data-testid="second-step-recovery"
          >
            {t(recovery ? 'system:twoFactor.useCode' : 'system:twoFactor.useRecovery')}
          </button>
        ) : (
          <span />
        )}
        <button type="button" className="text-slate-500 hover:underline" onClick={onRestart} data-testid="second-step-back">
          {t('system:back')}
        </button>
      </div>
    </form>
  );
}
