// The data permission of an account or an API token: all of its org's stations, or the stations
// chosen from those offered (the chosen ones are only asked for when that is picked).
import type { StationOption } from '../../../streams/system/accounts';
import { RadioGroup } from '../../components/form/RadioGroup';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';
import { StationPicker } from './StationPicker';

export interface Scope {
  dataScope: 'org' | 'stations';
  stationIds: Set<number>;
}

/** what differs between an account's and a token's: the radios' name, the whole-org choice's words, test ids */
const OF = {
  account: { name: 'dataScope', org: 'system:account.scopeOrg', testIds: true },
  token: { name: 'api-token-scope', org: 'system:apiTokens.scopeAll', testIds: false },
} as const satisfies Record<string, { name: string; org: TKey; testIds: boolean }>;

export function DataScopeField({
  of,
  value,
  onChange,
  stations,
  error,
  className = '',
}: {
  of: keyof typeof OF;
  value: Scope;
  onChange: (p: Partial<Scope>) => void;
  stations: readonly StationOption[];
  error: string | null;
  className?: string;
}) {
  const t = useT('system');
  const { name, org, testIds } = OF[of];
  return (
    <RadioGroup
      className={`flex flex-col gap-1 ${className}`}
      legend={t('system:account.dataScope')}
      name={name}
      choicesClassName="flex gap-4 text-sm"
      choices={[
        { value: 'org', label: t(org), testId: testIds ? 'scope-org' : undefined },
        { value: 'stations', label: t('system:account.scopeStations'), testId: testIds ? 'scope-stations' : undefined },
      ]}
      value={value.dataScope}
      onChange={(dataScope) => onChange({ dataScope })}
    >
      {value.dataScope === 'stations' && (
        <StationPicker stations={stations} selected={value.stationIds} onChange={(stationIds) => onChange({ stationIds })} error={error} />
      )}
    </RadioGroup>
  );
}
