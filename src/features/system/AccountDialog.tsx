// Create or edit an account: org (on creation), account name, contact, mobile, e-mail, a role
// usable in that org, the data permission (whole org or chosen stations), notes and, on
// creation, the initial password twice. Server refusals land at their fields or under the form.
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo, useState, type FormEvent } from 'react';
import { map } from 'rxjs';
import { pickableStations$, saveAccount$, usableRoles$, type AccountRow } from '../../../streams/system/accounts';
import { NOTHING } from '../../../streams/system/loaded';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { checkAccount, emptyAccount, newAccountOrg, toRequest, valuesOf, type AccountField, type AccountValues } from './accountForm';
import { stationsOfOrg, type ManagedOrg } from './orgs';
import { fieldIssueKey, refusalKey } from './refusal';
import { StationPicker } from './StationPicker';
import { useCommand } from './useCommand';

const sel = 'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-800';

export function AccountDialog({
  editing,
  orgs,
  providerId,
  onClose,
  onSaved,
}: {
  editing: AccountRow | null;
  orgs: ManagedOrg[];
  providerId: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT('system', 'auth');
  const { api } = useRuntime();
  const creating = editing === null;
  const myOrgId = useStoreValue((s) => s.session.profile?.orgId ?? null);
  const [v, setV] = useState<AccountValues>(() => (editing ? valuesOf(editing) : emptyAccount(newAccountOrg(orgs, myOrgId))));
  const [errors, setErrors] = useState<Partial<Record<AccountField, string>>>({});
  const set = (p: Partial<AccountValues>) => setV((o) => ({ ...o, ...p }));
  const roles = useObservableState(
    useObservable((in$) => usableRoles$(api, in$.pipe(map(([o]) => o))), [v.orgId]),
    NOTHING,
  );
  const stations = useObservableState(
    useObservable((in$) => pickableStations$(api, in$.pipe(map(([p]) => p ?? 0))), [providerId]),
    NOTHING,
  );
  const org = useMemo(
    () => orgs.find((o) => o.id === v.orgId) ?? (editing ? { id: editing.orgId, name: editing.orgName, kind: 'customer' as const } : undefined),
    [orgs, v.orgId, editing],
  );
  const offered = useMemo(() => stationsOfOrg(stations.data ?? [], org), [stations.data, org]);
  const save = useCommand(saveAccount$, onSaved);

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const found = checkAccount(v, creating);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, key]) => [k, t(key)])));
    if (Object.keys(found).length === 0) save.run(toRequest(v, editing?.userId ?? null));
  };
  const err = (f: AccountField): string | null => errors[f] ?? (fieldIssueKey(save.error, f) ? t(fieldIssueKey(save.error, f)!) : null);
  const refused = save.error && save.error.fields.length === 0 ? t(refusalKey(save.error)) : null;

  return (
    <Modal
      open
      onClose={() => !save.busy && onClose()}
      title={t(creating ? 'system:account.create' : 'system:account.edit')}
      width={640}
      testId="account-dialog"
    >
      <form onSubmit={submit} noValidate className="grid max-h-[70vh] grid-cols-2 gap-x-4 gap-y-1 overflow-y-auto pr-1">
        {creating ? (
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
            {t('system:account.org')}
            <select
              className={sel}
              value={v.orgId ?? ''}
              onChange={(e) => set({ orgId: Number(e.target.value), roleId: null, stationIds: new Set() })}
              data-testid="account-org"
            >
              {orgs.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
            {err('orgId') && <span className="text-red-600">{err('orgId')}</span>}
          </label>
        ) : (
          <TextField label={t('system:account.org')} value={editing.orgName} onChange={() => undefined} disabled />
        )}
        <TextField
          label={t('system:col.account')}
          value={v.account}
          onChange={(x) => set({ account: x })}
          disabled={!creating}
          error={err('account')}
          testId="account-name"
          autoComplete="off"
        />
        <TextField label={t('system:col.contact')} value={v.contact} onChange={(x) => set({ contact: x })} testId="account-contact" />
        <TextField
          label={t('system:col.mobile')}
          value={v.mobile}
          onChange={(x) => set({ mobile: x })}
          error={err('mobile')}
          testId="account-mobile"
          inputMode="tel"
        />
        <TextField label={t('system:col.email')} value={v.email} onChange={(x) => set({ email: x })} error={err('email')} testId="account-email" type="email" />
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
          {t('system:col.role')}
          <select
            className={sel}
            value={v.roleId ?? ''}
            onChange={(e) => set({ roleId: e.target.value ? Number(e.target.value) : null })}
            data-testid="account-role"
          >
            <option value="">{t('system:account.pickRole')}</option>
            {(roles.data ?? []).map((r) => (
              <option key={r.roleId} value={r.roleId}>
                {r.name}
              </option>
            ))}
          </select>
          {err('roleId') && <span className="text-red-600">{err('roleId')}</span>}
        </label>
        <fieldset className="col-span-2 mt-1 flex flex-col gap-1">
          <legend className="text-xs font-medium text-slate-600 dark:text-slate-400">{t('system:account.dataScope')}</legend>
          <div className="flex gap-4 text-sm">
            {(['org', 'stations'] as const).map((s) => (
              <label key={s} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name="dataScope"
                  checked={v.dataScope === s}
                  onChange={() => set({ dataScope: s })}
                  data-testid={`scope-${s}`}
                  className="accent-brand-600"
                />
                {t(s === 'org' ? 'system:account.scopeOrg' : 'system:account.scopeStations')}
              </label>
            ))}
          </div>
          {v.dataScope === 'stations' && (
            <StationPicker stations={offered} selected={v.stationIds} onChange={(stationIds) => set({ stationIds })} error={err('scopeStationIds')} />
          )}
        </fieldset>
        <label className="col-span-2 flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
          {t('system:col.notes')}
          <textarea
            value={v.notes}
            onChange={(e) => set({ notes: e.target.value })}
            maxLength={500}
            rows={2}
            data-testid="account-notes"
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-800"
          />
        </label>
        {creating && (
          <>
            <TextField
              label={t('system:account.password')}
              type="password"
              value={v.password}
              onChange={(x) => set({ password: x })}
              error={err('password')}
              testId="account-password"
              autoComplete="new-password"
            />
            <TextField
              label={t('auth:password.confirm')}
              type="password"
              value={v.confirm}
              onChange={(x) => set({ confirm: x })}
              error={err('confirm')}
              testId="account-confirm"
              autoComplete="new-password"
            />
          </>
        )}
        {refused && (
          <p role="alert" data-testid="account-refused" className="col-span-2 text-sm text-red-600">
            {refused}
          </p>
        )}
        <div className="col-span-2 mt-2 flex justify-end gap-2">
          <Button onClick={onClose} disabled={save.busy}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={save.busy} data-testid="account-save">
            {t('app.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
