// The alarm list's form: the chosen filters, the range, and the typed station name and keyword,
// which query only once they have settled (streams/typed.ts). The form state stays here; the
// request is built from it by useAlarmList.
import { useObservable, useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { map } from 'rxjs';
import type { ALARM_CATEGORIES, ALARM_STATUS, ALARM_TYPES, DEVICE_TYPES } from '../../../../protocol/codes';
import { settledText } from '../../../../streams/typed';
import { ruleCodesNamed } from '../../../lib/alarmText';
import type { RangePreset } from './query';

export interface AlarmFilters {
  alarmStatus?: (typeof ALARM_STATUS)[keyof typeof ALARM_STATUS];
  alarmCategory?: (typeof ALARM_CATEGORIES)[number];
  alarmType?: (typeof ALARM_TYPES)[number];
  deviceType?: (typeof DEVICE_TYPES)[number];
  assignedToMe?: true;
}

/** The typed texts as the request sends them (a keyword also matches the rules it names). */
export type AlarmTexts = { keyword?: string; keywordRuleCodes?: string[]; stationName?: string };

export interface AlarmListForm {
  filters: AlarmFilters;
  setFilter: (p: Partial<AlarmFilters>) => void;
  preset: RangePreset;
  setPreset: (p: RangePreset) => void;
  custom: { from: string; to: string };
  setCustom: (p: Partial<{ from: string; to: string }>) => void;
  keyword: string;
  setKeyword: (s: string) => void;
  stationName: string;
  setStationName: (s: string) => void;
  /** the typed texts once settled */
  texts: AlarmTexts;
  reset: () => void;
}

const keywordTexts = (keyword: string): AlarmTexts => {
  const codes = ruleCodesNamed(keyword);
  return { keyword: keyword || undefined, keywordRuleCodes: codes.length > 0 ? codes : undefined };
};
const textsOf = ([keyword, stationName]: readonly [string, string]): AlarmTexts => ({ ...keywordTexts(keyword), stationName: stationName || undefined });

/** A typed keyword as the request sends it, once settled (a station's alarm log, which names no station). */
export function useSettledKeyword(keyword: string): AlarmTexts {
  return useObservableState(
    useObservable((in$) => settledText(in$).pipe(map(([k]) => keywordTexts(k))), [keyword] as const),
    {},
  );
}

export function useAlarmListForm(): AlarmListForm {
  const [filters, setFilters] = useState<AlarmFilters>({});
  const [preset, setPreset] = useState<RangePreset>('all');
  const [custom, setCustomState] = useState({ from: '', to: '' });
  const [keyword, setKeyword] = useState('');
  const [stationName, setStationName] = useState('');
  const texts$ = useObservable((in$) => settledText(in$).pipe(map(textsOf)), [keyword, stationName] as const);
  const texts = useObservableState(texts$, {});
  return {
    filters,
    setFilter: (p) => setFilters((f) => ({ ...f, ...p })),
    preset,
    setPreset,
    custom,
    setCustom: (p) => setCustomState((c) => ({ ...c, ...p })),
    keyword,
    setKeyword,
    stationName,
    setStationName,
    texts,
    reset: () => {
      setFilters({});
      setPreset('all');
      setCustomState({ from: '', to: '' });
      setKeyword('');
      setStationName('');
    },
  };
}
