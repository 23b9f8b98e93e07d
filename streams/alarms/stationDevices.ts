// The devices of one station, for the shelve and maintenance forms (pick a device or some
// devices): read when the station changes, latest station wins; none until the answer and none
// on a failure (an account that may not read devices can still act on the whole station).
import { catchError, from, map, of, startWith, switchMap, type Observable } from 'rxjs';
import type { Api } from '../api/client';

export interface DeviceOption {
  deviceId: number;
  name: string;
}

export const stationDevices$ = (api: Api, stationId$: Observable<number | null>): Observable<DeviceOption[]> =>
  stationId$.pipe(
    switchMap((stationId) =>
      stationId
        ? from(api.call('queryDeviceList', { stationId }, { quiet: true })).pipe(
            map((r) => r.dataList.map((d) => ({ deviceId: d.deviceId, name: d.name }))),
            catchError(() => of<DeviceOption[]>([])),
            startWith<DeviceOption[]>([]),
          )
        : of<DeviceOption[]>([]),
    ),
  );
