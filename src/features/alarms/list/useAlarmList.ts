// The alarm list's read and its resolve command. The request follows the form (its range computed
// when sent, so rolling presets follow the clock); an alarm or resolution pushed for the org, a
// resolution here, a change made in a dialog and a timer each read it again. A re-read renders as
// a transition (in slices): a storm's re-reads never block the page.
import { useObservable, useObservableCallback, useObservableState, useSubscription } from 'observable-hooks';
import { useState } from 'react';
import { map, merge, scan, share, Subject, switchMap } from 'rxjs';
import type { Zone } from '../../../../protocol/site-time';
import { resolveAlarm$ } from '../../../../streams/alarms/commands';
import { alarmList$, NO_ALARMS, type AlarmList, type AlarmQuery, type ResolvedAlarm } from '../../../../streams/alarms/records';
import { alarmReloads$ } from '../../../../streams/alarms/reloads';
import { isPending, succeededOutputs } from '../../../../streams/commands/command';
import { useRuntime } from '../../../hooks/runtime';
import { useTransitionState } from '../../../hooks/useTransitionState';
import { rangeAcross, type RangePreset } from './query';
import type { AlarmFilters, AlarmTexts } from './useAlarmListForm';

/** The list's request for the form's state; null while the scope settles. */
export const alarmListQuery = (
  scope: number,
  filters: AlarmFilters,
  texts: AlarmTexts,
  preset: RangePreset,
  custom: { from: string; to: string },
  zones: readonly Zone[],
): AlarmQuery | null =>
  scope < 0
    ? null
    : {
        key: JSON.stringify([scope, filters, texts, preset, custom, zones]),
        payload: (now) => ({ ...(scope > 0 ? { orgId: scope } : {}), ...filters, ...texts, ...rangeAcross(preset, now, custom, zones).range }),
      };

const resolvedBy = succeededOutputs<number, ResolvedAlarm>;

export interface AlarmListRead extends AlarmList {
  /** how many times the list was read again (a test waits on it) */
  reloads: number;
  /** another part changed an alarm (acknowledged, assigned): read again */
  changed: () => void;
  resolve: (alarmId: number) => void;
  resolving: boolean;
}

export function useAlarmList(
  scope: number,
  filters: AlarmFilters,
  texts: AlarmTexts,
  preset: RangePreset,
  custom: { from: string; to: string },
  dayZones: readonly Zone[],
  onResolved: (ok: boolean) => void,
): AlarmListRead {
  const { api, store } = useRuntime();
  const [changed$] = useState(() => new Subject<void>());
  const zonesKey = dayZones.join(',');
  const query$ = useObservable(
    (in$) => in$.pipe(map(([scope, filters, texts, preset, custom, zs]) => alarmListQuery(scope, filters, texts, preset, custom, zs ? zs.split(',') : []))),
    [scope, filters, texts, preset, custom, zonesKey],
  );
  const [resolve, resolveIds$] = useObservableCallback<number>();
  const resolving$ = useObservable(() => resolveAlarm$(api, resolveIds$));
  const resolving = isPending(useObservableState(resolving$, null));
  useSubscription(resolving$, (e) => e.type !== 'pending' && onResolved(e.type === 'succeeded'));
  const reload$ = useObservable(
    (in$) =>
      in$.pipe(
        switchMap(([scope]) =>
          merge(
            alarmReloads$(store.events$, (a) => scope <= 0 || a.orgId === scope),
            resolvedBy(resolving$),
            changed$,
          ),
        ),
        share(),
      ),
    [scope],
  );
  const reloads = useObservableState(
    useObservable(() => reload$.pipe(scan((n) => n + 1, 0))),
    0,
  );
  const list = useTransitionState(
    useObservable(() => alarmList$({ api }, query$, reload$, resolvedBy(resolving$))),
    NO_ALARMS,
  );
  return { ...list, reloads, changed: () => changed$.next(), resolve, resolving };
}
