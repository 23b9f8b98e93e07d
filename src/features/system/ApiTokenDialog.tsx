// Create an API token: a name, personal or service, an expiry, permissions out of the reader's
// own, and the stations it reads: all the reader's, or chosen ones. The server's refusals appear at their fields; the secret is shown once, after.
import { useObservable, useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { map } from 'rxjs';
import { NOTHING } from '../../../streams/system/loaded';
import { pickableStations$ } from '../../../streams/system/accounts';
import { createApiToken$, type ApiToken } from '../../../streams/system/api-tokens';
import { SelectField } from '../../components/form/ChoiceFields';
import { LEGEND } from '../../components/form/Field';
import { FormDialog } from '../../components/form/FormDialog';
import { RadioGroup } from '../../components/form/RadioGroup';
import { TextField } from '../../components/TextField';
import { fieldMessage, useCheckedSave } from '../../hooks/useCheckedSave';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';
import { KIND_HINT_KEY, KIND_KEY } from './apiTokenLabels';
import { DataScopeField, type Scope } from './DataScopeField';
import { permissionLabel } from './permissionLabels';
import { fieldIssueKey } from './refusal';
import { choicesOf } from '../../i18n/codeKeys';

const DAYS = { personal: [7, 30, 90], service: [30, 90, 365] } as const;
type Kind = keyof typeof DAYS;

export function ApiTokenDialog({
  permissions,
  onClose,
  onCreated,
}: {
  permissions: readonly string[];
  onClose: () => void;
  onCreated: (secret: string, token: ApiToken) => void;
}) {
  const t = useT('system');
  const title = t('system:apiTokens.create');
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('personal');
  const [days, setDays] = useState(30);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [scope, setScope] = useState<Scope>({ dataScope: 'org', stationIds: new Set() });
  const { api } = useRuntime();
  // every station the reader may see (the server lists only those), read once stations are to
  // be chosen: a token's scope is within it
  const stations = useObservableState(
    useObservable((in$) => pickableStations$(api, in$.pipe(map(([s]) => (s === 'stations' ? 0 : null)))), [scope.dataScope]),
    NOTHING,
  );
  const check = (): Partial<Record<'name' | 'permissions' | 'stations', TKey>> => ({
    ...(name.trim() ? {} : { name: 'system:apiTokens.nameRequired' }),
    ...(chosen.size ? {} : { permissions: 'system:apiTokens.permissionsRequired' }),
    ...(scope.dataScope === 'org' || scope.stationIds.size ? {} : { stations: 'system:apiTokens.stationsRequired' }),
  });
  const request = () => ({
    name: name.trim(),
    kind,
    permissions: [...chosen],
    expiresInDays: days,
    dataScope: scope.dataScope,
    scopeStationIds: scope.dataScope === 'stations' ? [...scope.stationIds] : [],
  });
  const onSaved = (o: { secret: string; token: ApiToken }) => onCreated(o.secret, o.token);
  const { found, failure, frame } = useCheckedSave(createApiToken$, check, request, { onSaved, onClose });
  /** the message at a field: the dialog's own finding, else the server's issue with `path` */
  const err = (path: string, own?: TKey) => fieldMessage(t, own, fieldIssueKey(failure, path));
  const toggle = (p: string, on: boolean) =>
    setChosen((s) => {
      const n = new Set(s);
      if (on) n.add(p);
      else n.delete(p);
      return n;
    });
  const permissionError = err('permissions', found.permissions);
  const scopeError = err('scopeStationIds', found.stations);
  const other = failure && failure.fields.length === 0 ? t('system:refused.invalid') : null;

  return (
    <FormDialog {...frame} title={title} width={560} name="api-token" saveLabel={title} error={other} bodyClassName="flex max-h-[72vh] flex-col gap-2">
      <TextField label={t('system:apiTokens.name')} value={name} onChange={setName} error={err('name', found.name)} maxLength={60} testId="api-token-name" />
      <RadioGroup
        className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
        legend={t('system:apiTokens.kind')}
        name="api-token-kind"
        choices={choicesOf(Object.keys(DAYS) as Kind[], KIND_KEY, t)}
        value={kind}
        onChange={(k) => {
          setKind(k);
          setDays(30);
        }}
      >
        <p className="w-full text-xs text-slate-500">{t(KIND_HINT_KEY[kind])}</p>
      </RadioGroup>
      <SelectField
        label={t('system:apiTokens.expiry')}
        value={days}
        onChange={(d) => setDays(Number(d))}
        error={err('expiresInDays')}
        testId="api-token-expiry"
      >
        {DAYS[kind].map((d) => (
          <option key={d} value={d}>
            {t('system:apiTokens.days', { count: d })}
          </option>
        ))}
      </SelectField>
      <fieldset aria-describedby={permissionError ? 'api-token-perm-err' : undefined}>
        <legend className={LEGEND}>{t('system:apiTokens.permissions')}</legend>
        <p className="mb-1 text-xs text-slate-500">{t('system:apiTokens.permissionsHint')}</p>
        <div className="grid max-h-48 grid-cols-1 gap-x-3 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2 dark:border-slate-700">
          {permissions.map((p) => (
            <label key={p} className="flex min-w-0 items-center gap-2 py-0.5 text-sm">
              <input type="checkbox" className="accent-brand-600" checked={chosen.has(p)} onChange={(e) => toggle(p, e.target.checked)} />
              <span className="truncate" title={permissionLabel(p)}>
                {permissionLabel(p)}
              </span>
            </label>
          ))}
        </div>
        {permissionError && (
          <p id="api-token-perm-err" className="mt-1 text-xs text-red-600">
            {permissionError}
          </p>
        )}
      </fieldset>
      <DataScopeField of="token" value={scope} onChange={(p) => setScope({ ...scope, ...p })} stations={stations.data ?? []} error={scopeError} />
    </FormDialog>
  );
}
