// The trend's overlays, read for the fetched range (streams/station/trend.ts): the devices' alarms
// as marks, the station's strategy issuance and mode switches, and the tariff periods in force as
// bands in the station's local time.
import { useObservable, useObservableState } from 'observable-hooks';
import { useCallback, useMemo } from 'react';
import { map } from 'rxjs';
import type { AlarmRecord } from '../../../../streams/alarms/records';
import { stationTariffs$, strategyRecords$, trendAlarms$, type StrategyRecords, type Tariff } from '../../../../streams/station/trend';
import { useRuntime } from '../../../hooks/runtime';
import { PERIOD_KEY, labelOf } from '../../../i18n/codeKeys';
import type { TFn } from '../../../i18n/i18n';
import { ISSUE_STATUS_KEY, SWITCH_OP_KEY } from '../../../i18n/stationKeys';
import type { TrendMarker } from '../../../widgets/trend/TrendChart';
import { alarmMarks } from './alarmMarks';
import { strategyMarks, tariffBands, tariffPeriods } from './overlays';
import type { TrendRange } from './useTrendRange';

const NO_RECORDS: AlarmRecord[] = [];
const NO_STRATEGY: StrategyRecords = { dist: [], switches: [] };
const NO_TARIFFS: Tariff[] = [];

interface OverlayInput {
  /** none: no overlays */
  stationId: number | undefined;
  /** the range the main chart last fetched */
  qFrom: number | undefined;
  qTo: number | undefined;
  range: TrendRange;
  timeZone: string;
  deviceId: number;
  extras: readonly { key: number; deviceId: number }[];
  t: TFn;
}

export function useTrendOverlays(input: OverlayInput) {
  const { stationId, qFrom, qTo, range, timeZone, deviceId, extras, t } = input;
  const { api } = useRuntime();
  // ── overlays: reads of the fetched range (streams/station/trend.ts) ──
  const window$ = useObservable(
    (in$) => in$.pipe(map(([stationId, from, to]) => (stationId && from !== undefined && to !== undefined ? { stationId, from, to } : null))),
    [stationId, qFrom, qTo],
  );
  const stationId$ = useObservable((in$) => in$.pipe(map(([id]) => id ?? null)), [stationId]);
  const alarmRecords = useObservableState(
    useObservable(() => trendAlarms$(api, window$)),
    NO_RECORDS,
  );
  const records = useObservableState(
    useObservable(() => strategyRecords$(api, window$)),
    NO_STRATEGY,
  );
  const tariffs = useObservableState(
    useObservable(() => stationTariffs$(api, stationId$)),
    NO_TARIFFS,
  );
  const alarms = useMemo(() => alarmRecords.flatMap(alarmMarks), [alarmRecords]);

  const periods = useMemo(() => tariffPeriods(tariffs, range.from, range.to, timeZone), [tariffs, range.from, range.to, timeZone]);
  const bands = useMemo(() => tariffBands(periods, (p) => t(PERIOD_KEY[p])), [periods, t]);
  const stratMarks = useMemo(
    () =>
      qFrom === undefined || qTo === undefined
        ? []
        : strategyMarks(records.dist, records.switches, qFrom, qTo, {
            issue: (d) => t('station:trend.issued', { name: d.strategyName, status: t(ISSUE_STATUS_KEY[d.status] ?? ISSUE_STATUS_KEY[0]) }),
            switch: (s) => t('station:trend.switched', { op: labelOf(SWITCH_OP_KEY, s.operation) }),
          }),
    [records, qFrom, qTo, t],
  );
  const markersOf = useCallback(
    (dev: number): TrendMarker[] => [...alarms.filter((a) => a.deviceId === dev).map(({ t: x, color, label }) => ({ t: x, color, label })), ...stratMarks],
    [alarms, stratMarks],
  );
  const mainMarkers = useMemo(() => markersOf(deviceId), [markersOf, deviceId]);
  const extraMarkers = useMemo(() => new Map(extras.map((e) => [e.key, markersOf(e.deviceId)])), [extras, markersOf]);
  const alarmCount = alarms.filter((a) => a.deviceId === deviceId && !a.recovered).length;
  return { periods, bands, stratMarks, mainMarkers, extraMarkers, alarmCount };
}
