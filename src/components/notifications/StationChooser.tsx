// The stations a rule is about, chosen from those of the reader's data scope, with a search; none
// chosen means every station of the scope (also those added to it later).
import { useMemo } from 'react';
import { useT } from '../../hooks/useT';
import { CheckList } from '../form/CheckList';

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
  const items = useMemo(() => stations.map((s) => ({ id: s.stationId, name: s.stationName })), [stations]);
  return (
    <CheckList
      legend={t('notifications:field.stations')}
      note={value.length === 0 ? t('notifications:rules.allStations') : t('notifications:rules.stationsChosen', { count: value.length })}
      search={t('notifications:field.stationSearch')}
      items={items}
      value={value}
      onChange={onChange}
      testId="rule-stations"
      searchFrom={-1}
      searchTestId="rule-station-search"
      itemTestId="rule-station"
      listClassName="max-h-32"
      error={error}
    />
  );
}
