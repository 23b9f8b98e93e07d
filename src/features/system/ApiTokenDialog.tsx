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
import { useCommand } from '../../hooks/useCommand';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { KIND_HINT_KEY, KIND_KEY } from './apiTokenLabels';
import { permissionLabel } from './permissionLabels';
import { fieldIssueKey } from './refusal';
import { StationPicker } from './StationPicker';

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
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('personal');
  const [days, setDays] = useState(30);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [scope, setScope] = useState<'org' | 'stations'>('org');
  const [stationIds, setStationIds] = useState<ReadonlySet<number>>(new Set());
  const [errors, setErrors] = useState<{ name?: string; permissions?: string; stations?: string }>({});
  const { api } = useRuntime();
  // every station the reader may see (the server lists only those), read once stations are to
  // be chosen: a token's scope is within it
  const stations = useObservableState(
    useObservable((in$) => pickableStations$(api, in$.pipe(map(([s]) => (s === 'stations' ? 0 : null)))), [scope]),
    NOTHING,
  );
  const create = useCommand(createApiToken$, (e) => e.type === 'succeeded' && onCreated(e.output.secret, e.output.token));
  const failure = create.last?.type === 'failed' ? create.last.error : null;
  const serverErr = (f: string) => {
    const k = fieldIssueKey(failure, f);
    return k ? t(k) : null;
  };
  const submit = () => {
    const found = {
      ...(name.trim() ? {} : { name: t('system:apiTokens.nameRequired') }),
      ...(chosen.size ? {} : { permissions: t('system:apiTokens.permissionsRequired') }),
      ...(scope === 'org' || stationIds.size ? {} : { stations: t('system:apiTokens.stationsRequired') }),
    };
    setErrors(found);
    if (Object.keys(found).length === 0)
      create.run({
        name: name.trim(),
        kind,
        permissions: [...chosen],
        expiresInDays: days,
        dataScope: scope,
        scopeStationIds: scope === 'stations' ? [...stationIds] : [],
      });
  };
  const toggle = (p: string, on: boolean) =>
    setChosen((s) => {
      const n = new Set(s);
      if (on) n.add(p);
      else n.delete(p);
      return n;
    });
  const permissionError = errors.permissions ?? serverErr('permissions');
  const other = failure && failure.fields.length === 0 ? t('system:refused.invalid') : null;

  return (
    <FormDialog
      title={t('system:apiTokens.create')}
      width={560}
      name="api-token"
      busy={create.pending}
      onClose={onClose}
      onSave={submit}
      submit
      saveLabel={t('system:apiTokens.create')}
      error={other}
      bodyClassName="flex max-h-[72vh] flex-col gap-2"
    >
      <TextField
        label={t('system:apiTokens.name')}
        value={name}
        onChange={setName}
        error={errors.name ?? serverErr('name')}
        maxLength={60}
        testId="api-token-name"
      />
      <RadioGroup
        className="flex flex-wrap gap-x-4 gap-y-1 text-sm"
        legend={t('system:apiTokens.kind')}
        name="api-token-kind"
        choices={(Object.keys(DAYS) as Kind[]).map((k) => ({ value: k, label: t(KIND_KEY[k]) }))}
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
        error={serverErr('expiresInDays')}
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
      <RadioGroup
        className="flex flex-col gap-1"
        legend={t('system:account.dataScope')}
        name="api-token-scope"
        choicesClassName="flex gap-4 text-sm"
        choices={[
          { value: 'org', label: t('system:apiTokens.scopeAll') },
          { value: 'stations', label: t('system:account.scopeStations') },
        ]}
        value={scope}
        onChange={setScope}
      >
        {scope === 'stations' && (
          <StationPicker
            stations={stations.data ?? []}
            selected={stationIds}
            onChange={setStationIds}
            error={errors.stations ?? serverErr('scopeStationIds')}
          />
        )}
      </RadioGroup>
    </FormDialog>
  );
}
