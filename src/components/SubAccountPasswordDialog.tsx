// Sub-account password dialog (SPEC §5): account, password and confirm required; mismatch gives
// 'The two passwords you entered do not match!'. The account screens pass onSubmit, which
// receives the MD5 of the password.
import { useState, type FormEvent } from 'react';
import { md5 } from '../../protocol/md5';
import { Button } from './Button';
import { Modal } from './Modal';
import { TextField } from './TextField';
import { useT } from '../hooks/useT';
import type { TKey } from '../i18n/i18n';
import { validateAll, validateSubAccount, type SubAccountField, type SubAccountValues } from '../lib/passwordRules';

const FIELDS = ['account', 'password', 'confirm'] as const;

export function SubAccountPasswordDialog({
  open,
  onClose,
  onSubmit,
  account = '',
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (v: { account: string; passwordMd5: string }) => Promise<void> | void;
  account?: string;
}) {
  const t = useT('auth');
  const [v, setV] = useState<SubAccountValues>({ account, password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<SubAccountField, TKey[]>>>({});
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const all = validateAll(FIELDS, v, validateSubAccount);
    setErrors(all);
    if (FIELDS.some((f) => all[f].length)) return;
    await onSubmit({ account: v.account.trim(), passwordMd5: md5(v.password) });
  };
  const field = (f: SubAccountField, label: TKey, type = 'password') => (
    <TextField
      label={t(label)}
      type={type}
      value={v[f]}
      onChange={(x) => setV((o) => ({ ...o, [f]: x }))}
      onBlur={() => setErrors((e) => ({ ...e, [f]: validateSubAccount(f, v) }))}
      error={errors[f]?.[0] ? t(errors[f]![0]!) : null}
      testId={`sub-${f}`}
    />
  );
  return (
    <Modal open={open} onClose={onClose} title={t('auth:password.subTitle')} width={416} testId="sub-account-dialog">
      <form onSubmit={submit} noValidate className="flex flex-col gap-1">
        {field('account', 'auth:password.account', 'text')}
        {field('password', 'auth:password.new')}
        {field('confirm', 'auth:password.confirm')}
        <div className="mt-2 flex justify-end gap-2">
          <Button onClick={onClose}>{t('app.cancel')}</Button>
          <Button type="submit" variant="primary">
            {t('app.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
