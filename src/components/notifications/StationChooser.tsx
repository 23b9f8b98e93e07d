// The stations a rule is about, chosen from those of the reader's data scope, with a search; none
// chosen means every station of the scope (also those added to it later).
import { useMemo, useState } from 'react';
import { useT } from '../../hooks/useT';

export interface StationChoice {
  stationId: number;
  stationName: string;
}

export function StationChooser({
  stations,
  value,
  onChange,
  error,
}: {
  stations: readonly StationChoice[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error: string | null;
}) {
  const t = useT('notifications');
  const [q, setQ] = useState('');
  const shown = useMemo(() => {
    const k = q.trim().toLowerCase();
    return k ? stations.filter((s) => s.stationName.toLowerCase().includes(k)) : stations;
  }, [stations, q]);
  const chosen = new Set(value);
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((x) => x !== id));
  return (
    <fieldset className="flex min-w-0 flex-col gap-1" data-testid="rule-stations" aria-invalid={!!error}>
      <legend className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-400">
        {t('notifications:field.stations')}
        <span className="ml-2 font-normal text-slate-400">
          ({value.length === 0 ? t('notifications:rules.allStations') : t('notifications:rules.stationsChosen', { count: value.length })})
        </span>
      </legend>
      <input
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={t('notifications:field.stationSearch')}
        aria-label={t('notifications:field.stationSearch')}
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        data-testid="rule-station-search"
      />
      <div className="max-h-32 overflow-y-auto rounded-md border border-slate-200 p-1 text-sm dark:border-slate-700">
        {shown.map((s) => (
          <label key={s.stationId} className="flex items-center gap-1.5 px-1 py-0.5">
            <input
              type="checkbox"
              className="accent-brand-600"
              checked={chosen.has(s.stationId)}
              onChange={(e) => toggle(s.stationId, e.target.checked)}
              data-testid="rule-station"
            />
            <span className="truncate" title={s.stationName}>
              {s.stationName}
            </span>
          </label>
        ))}
      </div>
      <p role={error ? 'alert' : undefined} className="min-h-4 text-xs leading-4 text-red-600 dark:text-red-400" data-testid="rule-stations-error">
        {error ?? ''}
      </p>
    </fieldset>
  );
}
