// Change-password dialog (SPEC §5, §8): 416 px, validated on blur, MD5 on the wire.
import { useObservable, useObservableCallback, useObservableState, useSubscription } from 'observable-hooks';
import { useState, type FormEvent } from 'react';
import { isPending } from '../../../streams/commands/command';
import { changePassword$, type PasswordChange } from '../../../streams/session/password';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';
import { validateAll, validateChangePassword, type ChangePasswordField, type ChangePasswordValues } from './validators';

const FIELDS = ['current', 'next', 'confirm'] as const;
const empty: ChangePasswordValues = { current: '', next: '', confirm: '' };

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT('auth');
  const { api, store } = useRuntime();
  const [v, setV] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<ChangePasswordField, TKey[]>>>({});
  const close = () => {
    setV(empty);
    setErrors({});
    onClose();
  };
  const blur = (f: ChangePasswordField) => () => setErrors((e) => ({ ...e, [f]: validateChangePassword(f, v) }));
  const [askChange, changes$] = useObservableCallback<PasswordChange>();
  const changing$ = useObservable(() => changePassword$(api, changes$));
  const busy = isPending(useObservableState(changing$, null));
  useSubscription(changing$, (e) => {
    if (e.type === 'succeeded') {
      store.dispatch({ type: 'message/shown', messageType: 'success', text: { key: 'auth:password.changeSucceeded' }, at: Date.now() });
      close();
    } else if (e.type === 'failed') {
      // SPEC §8: 'Verification code reset failed:' plus the server message
      store.dispatch({
        type: 'message/shown',
        messageType: 'error',
        text: { raw: e.error.message ?? '', prefixKey: 'auth:password.changeFailed' },
        at: Date.now(),
      });
    }
  });
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const all = validateAll(FIELDS, v, validateChangePassword);
    setErrors(all);
    if (FIELDS.some((f) => all[f].length)) return;
    const userId = store.getState().session.profile?.userId;
    if (userId) askChange({ userId, current: v.current, next: v.next });
  };
  const err = (f: ChangePasswordField) => (errors[f]?.[0] ? t(errors[f]![0]!) : null);
  const field = (f: ChangePasswordField, label: TKey, auto: string) => (
    <TextField
      label={t(label)}
      type="password"
      value={v[f]}
      onChange={(x) => setV((o) => ({ ...o, [f]: x }))}
      onBlur={blur(f)}
      error={err(f)}
      autoComplete={auto}
      testId={`cp-${f}`}
      data-errors={(errors[f] ?? []).join(' ')}
    />
  );
  return (
    <Modal open={open} onClose={close} title={t('auth:password.dialogTitle')} width={416} testId="change-password-dialog">
      <form onSubmit={submit} noValidate className="flex flex-col gap-1">
        {field('current', 'auth:password.current', 'current-password')}
        {field('next', 'auth:password.new', 'new-password')}
        {field('confirm', 'auth:password.confirm', 'new-password')}
        <div className="mt-2 flex justify-end gap-2">
          <Button onClick={close}>{t('app.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={busy} data-testid="cp-submit">
            {t('app.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
