// "Two-factor sign-in" of the user menu: whether the account has a second factor, whether its
// role requires one, how many recovery codes are left; enrolment (QR code, secret, confirm code)
// ending with the ten recovery codes shown once.
import { useEffect, useState, type FormEvent } from 'react';
import { confirmEnrolment, startEnrolment, twoFactorStatus } from '../../../streams/session/twoFactor';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';
import { CODE_INPUT } from './AuthForm';
import { codeOf, failureKey } from './errorKey';
import { RecoveryCodes } from './RecoveryCodes';

type Status = { enrolled: boolean; required: boolean; recoveryCodesLeft: number };

export function TwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT('system');
  const { api } = useRuntime();
  const [status, setStatus] = useState<Status | null>(null);
  const [enrolment, setEnrolment] = useState<{ secret: string; qrDataUrl: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<TKey | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setEnrolment(null);
    setCodes(null);
    setCode('');
    setError(null);
    twoFactorStatus(api).then(setStatus, () => setError('system:loadFailed'));
  }, [api, open]);
  const start = () => startEnrolment(api).then(setEnrolment, (e: unknown) => setError(failureKey(e, 'system:loadFailed')));
  const confirm = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError('system:twoFactor.codeFormat');
    setBusy(true);
    try {
      const r = await confirmEnrolment(api, code);
      setCodes(r.recoveryCodes);
      setStatus((s) => s && { ...s, enrolled: true, recoveryCodesLeft: r.recoveryCodes.length });
    } catch (e) {
      setError(codeOf(e) === 'wrongCode' ? 'system:twoFactor.wrongCode' : failureKey(e, 'system:twoFactor.wrongCode'));
    } finally {
      setBusy(false);
    }
  };
  const message = error && t(error);
  return (
    <Modal open={open} onClose={onClose} title={t('system:twoFactor.menu')} width={440} testId="two-factor-dialog">
      {status && !codes && (
        <dl className="mb-3 grid grid-cols-2 gap-1 text-sm" data-testid="two-factor-status" data-enrolled={status.enrolled}>
          <dt className="text-slate-500">{t('system:account.twoFactor')}</dt>
          <dd>{t(status.enrolled ? 'system:twoFactor.on' : 'system:twoFactor.off')}</dd>
          <dt className="text-slate-500">{t('system:twoFactor.required')}</dt>
          <dd>{t(status.required ? 'system:yes' : 'system:no')}</dd>
          {status.enrolled && (
            <>
              <dt className="text-slate-500">{t('system:twoFactor.codesLeft')}</dt>
              <dd data-testid="two-factor-left">{status.recoveryCodesLeft}</dd>
            </>
          )}
        </dl>
      )}
      {codes && <RecoveryCodes codes={codes} />}
      {status && !status.enrolled && !enrolment && (
        <Button variant="primary" onClick={start} data-testid="two-factor-start">
          {t('system:twoFactor.enrol')}
        </Button>
      )}
      {enrolment && !codes && (
        <form onSubmit={confirm} noValidate className="flex flex-col gap-2 text-xs">
          <div className="flex flex-col items-center gap-2">
            <p className="text-slate-600 dark:text-slate-400">{t('system:twoFactor.enrolHint')}</p>
            <img src={enrolment.qrDataUrl} alt={t('system:twoFactor.qr')} width={160} height={160} />
            <code data-testid="two-factor-secret" className="break-all">
              {enrolment.secret}
            </code>
          </div>
          <TextField label={t('system:twoFactor.code')} value={code} onChange={setCode} {...CODE_INPUT} error={message} testId="two-factor-code" />
          <Button type="submit" variant="primary" disabled={busy} data-testid="two-factor-confirm">
            {t('app.confirm')}
          </Button>
        </form>
      )}
      {error && !enrolment && (
        <p role="alert" className="text-sm text-red-600">
          {message}
        </p>
      )}
      <div className="mt-3 flex justify-end">
        <Button onClick={onClose} data-testid="two-factor-close">
          {t('system:close')}
        </Button>
      </div>
    </Modal>
  );
}
