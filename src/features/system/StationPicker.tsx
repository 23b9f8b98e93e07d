// Data permission: the chosen stations, picked from a searchable tree of customers and their
// stations. A customer row checks or clears all its (visible) stations.
import { useMemo, useState } from 'react';
import type { StationOption } from '../../../streams/system/accounts';
import { SearchBox } from '../../components/SearchBox';
import { useT } from '../../hooks/useT';
import { TriCheckbox } from './TriCheckbox';
import { toggleGroup, toggleOne, triState } from './triState';

interface Branch {
  customerId: number;
  name: string;
  stations: StationOption[];
}

const branchesOf = (stations: readonly StationOption[], q: string): Branch[] => {
  const needle = q.trim().toLowerCase();
  const by = new Map<number, Branch>();
  for (const s of stations) {
    const hit = !needle || s.stationName.toLowerCase().includes(needle) || s.customerName.toLowerCase().includes(needle);
    if (!hit) continue;
    const b = by.get(s.customerId) ?? { customerId: s.customerId, name: s.customerName, stations: [] };
    b.stations.push(s);
    by.set(s.customerId, b);
  }
  return [...by.values()].sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
};

export function StationPicker({
  stations,
  selected,
  onChange,
  error,
}: {
  stations: readonly StationOption[];
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  error: string | null;
}) {
  const t = useT('system');
  const [q, setQ] = useState('');
  const branches = useMemo(() => branchesOf(stations, q), [stations, q]);
  return (
    <div className="flex flex-col gap-1" data-testid="station-picker">
      <div className="flex items-center gap-2">
        <SearchBox label={t('system:account.searchStations')} value={q} onChange={setQ} testId="station-search" width="flex-1" />
        <span className="text-xs text-slate-500" data-testid="station-chosen">
          {t('system:account.chosen', { count: selected.size })}
        </span>
      </div>
      <div className="max-h-56 overflow-y-auto rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700">
        {branches.length === 0 && <p className="p-2 text-center text-slate-500">{t('noDate')}</p>}
        {branches.map((b) => {
          const ids = b.stations.map((s) => s.stationId);
          return (
            <div key={b.customerId} className="mb-1">
              <label className="flex items-center gap-2 font-medium">
                <TriCheckbox state={triState(selected, ids)} onChange={() => onChange(toggleGroup(selected, ids))} label={b.name} testId="station-customer" />
                {b.name}
              </label>
              <div className="ml-6 flex flex-col">
                {b.stations.map((s) => (
                  <label key={s.stationId} className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={selected.has(s.stationId)}
                      onChange={() => onChange(toggleOne(selected, s.stationId))}
                      data-testid="station-option"
                      data-station={s.stationId}
                    />
                    {s.stationName}
                  </label>
                ))}
              </div>
            </div>
          );
        })}
      </div>
      {error && (
        <p className="text-xs text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
