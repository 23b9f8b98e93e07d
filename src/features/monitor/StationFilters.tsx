// The station list's search and filters (system type, energy type, online, status) and the button
// that clears them; each filter a drop-down whose first choice is "<name>: all".
import { ENERGY_TYPES } from '../../../protocol/codes';
import { NO_FILTER, type StationFilter } from '../../../streams/monitor/stations';
import { Button } from '../../components/Button';
import { FilterSelect, type FilterOption } from '../../components/FilterSelect';
import { SearchBox } from '../../components/SearchBox';
import { ENERGY_KEYS, STATUS_KEYS, SYSTEM_TYPE_KEYS } from '../../components/stationLabels';
import type { TFn, TKey } from '../../i18n/i18n';

type Filterable = Exclude<keyof StationFilter, 'keyword'>;

const LABEL = {
  systemType: 'monitor:filter.systemType',
  energyType: 'monitor:filter.energyType',
  online: 'monitor:filter.online',
  status: 'monitor:filter.status',
} as const satisfies Record<Filterable, TKey>;
const ONLINE_KEYS = { true: 'monitor:online', false: 'monitor:offline' } as const satisfies Record<'true' | 'false', TKey>;

const num = (v: string) => (v === '' ? null : Number(v));
const energy = (v: string) => (v || null) as StationFilter['energyType'];
const bool = (v: string) => (v === '' ? null : v === 'true');

export function StationFilters({ filter, onChange, t }: { filter: StationFilter; onChange: (f: StationFilter) => void; t: TFn }) {
  const set = (p: Partial<StationFilter>) => onChange({ ...filter, ...p });
  const name = (key: TKey): string => t(key);
  const coded = <C extends string | number>(codes: readonly C[], keys: Record<C, TKey>): FilterOption[] =>
    codes.map((v) => ({ value: v, label: name(keys[v]) }));
  const filters: { id: Filterable; value: string | number; options: FilterOption[]; pick: (v: string) => void }[] = [
    { id: 'systemType', value: filter.systemType ?? '', options: coded([1, 2, 3], SYSTEM_TYPE_KEYS), pick: (v) => set({ systemType: num(v) }) },
    { id: 'energyType', value: filter.energyType ?? '', options: coded(ENERGY_TYPES, ENERGY_KEYS), pick: (v) => set({ energyType: energy(v) }) },
    { id: 'online', value: String(filter.online ?? ''), options: coded(['true', 'false'], ONLINE_KEYS), pick: (v) => set({ online: bool(v) }) },
    { id: 'status', value: filter.status ?? '', options: coded([0, 1, 2, 3, 4], STATUS_KEYS), pick: (v) => set({ status: num(v) }) },
  ];
  return (
    <>
      <SearchBox
        label={t('monitor:stations.search')}
        value={filter.keyword}
        onChange={(keyword) => set({ keyword })}
        testId="station-search"
        width="w-56"
        padding="px-2.5"
      />
      {filters.map((f) => (
        <FilterSelect
          key={f.id}
          testId={`filter-${f.id}`}
          label={t(LABEL[f.id])}
          all={t('monitor:stations.all')}
          value={f.value}
          options={f.options}
          onChange={f.pick}
        />
      ))}
      <Button onClick={() => onChange(NO_FILTER)} data-testid="filter-reset">
        {t('monitor:stations.reset')}
      </Button>
    </>
  );
}
