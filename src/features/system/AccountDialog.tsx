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
import { RadioGroup } from '../../components/form/RadioGroup';
import { TextField } from '../../components/TextField';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { checkAccount, emptyAccount, newAccountOrg, toRequest, valuesOf, type AccountField, type AccountValues } from './accountForm';
import { stationsOfOrg, type ManagedOrg } from './orgs';
import { fieldIssueKey, refusalKey } from './refusal';
import { StationPicker } from './StationPicker';
import { useCommand } from './useCommand';

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

  const submit = () => {
    const found = checkAccount(v, creating);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, key]) => [k, t(key)])));
    if (Object.keys(found).length === 0) save.run(toRequest(v, editing?.userId ?? null));
  };
  const err = (f: AccountField): string | null => errors[f] ?? (fieldIssueKey(save.error, f) ? t(fieldIssueKey(save.error, f)!) : null);
  const refused = save.error && save.error.fields.length === 0 ? t(refusalKey(save.error)) : null;

  return (
    <FormDialog
      title={t(creating ? 'system:account.create' : 'system:account.edit')}
      width={640}
      name="account"
      busy={save.busy}
      onClose={onClose}
      onSave={submit}
      submit
      error={refused}
      bodyClassName="grid max-h-[70vh] grid-cols-2 gap-x-4 gap-y-1"
    >
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
      <RadioGroup
        className="col-span-2 mt-1 flex flex-col gap-1"
        legend={t('system:account.dataScope')}
        name="dataScope"
        choicesClassName="flex gap-4 text-sm"
        choices={[
          { value: 'org', label: t('system:account.scopeOrg'), testId: 'scope-org' },
          { value: 'stations', label: t('system:account.scopeStations'), testId: 'scope-stations' },
        ]}
        value={v.dataScope}
        onChange={(dataScope) => set({ dataScope })}
      >
        {v.dataScope === 'stations' && (
          <StationPicker stations={offered} selected={v.stationIds} onChange={(stationIds) => set({ stationIds })} error={err('scopeStationIds')} />
        )}
      </RadioGroup>
      <TextAreaField
        className="col-span-2"
        label={t('system:col.notes')}
        value={v.notes}
        onChange={(notes) => set({ notes })}
        maxLength={500}
        testId="account-notes"
      />
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
    </FormDialog>
  );
}
