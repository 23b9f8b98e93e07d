// Create or edit an account: org (on creation), account name, contact, mobile, e-mail, a role
// usable in that org, the data permission (whole org or chosen stations), notes and, on
// creation, the initial password twice. Server refusals land at their fields or under the form.
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { map } from 'rxjs';
import { pickableStations$, saveAccount$, usableRoles$, type AccountRow } from '../../../streams/system/accounts';
import { NOTHING } from '../../../streams/system/loaded';
import { SelectField, TextAreaField } from '../../components/form/ChoiceFields';
import { FormDialog } from '../../components/form/FormDialog';
import { textOf } from '../../components/form/useDraftForm';
import { TextField } from '../../components/TextField';
import { fieldMessage, useCheckedSave } from '../../hooks/useCheckedSave';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';
import { checkAccount, emptyAccount, newAccountOrg, toRequest, valuesOf, type AccountField, type AccountValues } from './accountForm';
import { DataScopeField } from './DataScopeField';
import { stationsOfOrg, type ManagedOrg } from './orgs';
import { fieldIssueKey, refusalKey } from './refusal';

/** the initial password, asked twice on creation */
const PASSWORDS = [
  { f: 'password', label: 'system:account.password', testId: 'account-password' },
  { f: 'confirm', label: 'auth:password.confirm', testId: 'account-confirm' },
] as const satisfies readonly { f: AccountField; label: TKey; testId: string }[];

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
  const title = t(creating ? 'system:account.create' : 'system:account.edit');
  const offered = useMemo(() => stationsOfOrg(stations.data ?? [], org), [stations.data, org]);
  const { found, failure, frame } = useCheckedSave(
    saveAccount$,
    () => checkAccount(v, creating),
    () => toRequest(v, editing?.userId ?? null),
    { onSaved, onClose },
  );
  const err = (f: AccountField) => fieldMessage(t, found[f], fieldIssueKey(failure, f));
  const text = textOf(v, setV);
  const refused = failure && failure.fields.length === 0 ? t(refusalKey(failure)) : null;

  return (
    <FormDialog {...frame} title={title} width={640} name="account" error={refused} bodyClassName="grid max-h-[70vh] grid-cols-2 gap-x-4 gap-y-1">
      {creating ? (
        <SelectField
          label={t('system:account.org')}
          value={v.orgId ?? ''}
          onChange={(x) => set({ orgId: Number(x), roleId: null, stationIds: new Set() })}
          error={err('orgId')}
          testId="account-org"
        >
          {orgs.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
      ) : (
        <TextField label={t('system:account.org')} value={editing.orgName} onChange={() => undefined} disabled />
      )}
      <TextField label={t('system:col.account')} {...text('account')} disabled={!creating} error={err('account')} testId="account-name" autoComplete="off" />
      <TextField label={t('system:col.contact')} {...text('contact')} testId="account-contact" />
      <TextField label={t('system:col.mobile')} {...text('mobile')} error={err('mobile')} testId="account-mobile" inputMode="tel" />
      <TextField label={t('system:col.email')} {...text('email')} error={err('email')} testId="account-email" type="email" />
      <SelectField
        label={t('system:col.role')}
        value={v.roleId ?? ''}
        onChange={(x) => set({ roleId: x ? Number(x) : null })}
        error={err('roleId')}
        testId="account-role"
      >
        <option value="">{t('system:account.pickRole')}</option>
        {(roles.data ?? []).map((r) => (
          <option key={r.roleId} value={r.roleId}>
            {r.name}
          </option>
        ))}
      </SelectField>
      <DataScopeField of="account" className="col-span-2 mt-1" value={v} onChange={set} stations={offered} error={err('scopeStationIds')} />
      <TextAreaField
        className="col-span-2"
        label={t('system:col.notes')}
        value={v.notes}
        onChange={(notes) => set({ notes })}
        maxLength={500}
        testId="account-notes"
      />
      {creating &&
        PASSWORDS.map(({ f, label, testId }) => (
          <TextField key={f} label={t(label)} type="password" {...text(f)} error={err(f)} testId={testId} autoComplete="new-password" />
        ))}
    </FormDialog>
  );
}
