// Pieces the shelve and maintenance dialogs share: the devices of the chosen station, labelled
// fields, and times in the viewer's zone for `datetime-local` inputs.
import { useObservable, useObservableState } from 'observable-hooks';
import type { ReactNode } from 'react';
import { map } from 'rxjs';
import { formatWall, viewerZone } from '../../../protocol/site-time';
import { stationDevices$, type DeviceOption } from '../../../streams/alarms/stationDevices';
import { useRuntime } from '../../hooks/runtime';

/** The devices of the chosen station (none while none is chosen). */
export function useStationDevices(stationId: number | null): DeviceOption[] {
  const { api } = useRuntime();
  const id$ = useObservable((in$) => in$.pipe(map(([id]) => id)), [stationId]);
  return useObservableState(useObservable(() => stationDevices$(api, id$)), []);
}

export const inputClass = 'h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900';

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="block text-sm">
      <span className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-300">{label}</span>
      {children}
    </label>
  );
}

/** ISO time as the viewer's wall clock, `YYYY-MM-DD HH:mm`. */
export const wallTime = (iso: string): string => formatWall(viewerZone(), Date.parse(iso)).slice(0, 16);

/** `datetime-local` value (viewer's zone) of `ms`, and back. */
export const toLocalInput = (ms: number): string => formatWall(viewerZone(), ms).slice(0, 16).replace(' ', 'T');
export const fromLocalInput = (v: string): number => (v ? new Date(v).getTime() : Number.NaN);
