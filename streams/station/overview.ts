// The station overview's polled reads: its figures (queryStationOverview, every 5 s) and today's
// power curves over the station's local day (queryStationPowerCurve, every minute).
import type { Res } from '../api/client';
import type { Api } from '../api/client';
import { dayStart } from '../../protocol/site-time';
import type { PolledSpec } from '../polled/resource';

export type StationOverview = Res<'queryStationOverview'>;
export type StationCurve = Res<'queryStationPowerCurve'>;

/** A read of one station, polled every `intervalMs` under `station/<name>/<stationId>`. */
export const stationPoll = <T>(name: string, stationId: number, intervalMs: number, fetch: () => Promise<T>): PolledSpec<T> => ({
  id: `station/${name}/${stationId}`,
  fetch,
  intervalMs,
});

export const overviewPoll = (api: Api, stationId: number): PolledSpec<StationOverview> =>
  stationPoll('overview', stationId, 5000, () => api.call('queryStationOverview', { stationId }, { quiet: true }));

/** From the station's local midnight (in `timeZone`) to now, at 1,200 points. */
export const todayCurvePoll = (api: Api, stationId: number, timeZone: string): PolledSpec<StationCurve> => ({
  id: `station/powerCurve/${stationId}/${timeZone}`,
  fetch: () => {
    const to = Date.now();
    return api.call(
      'queryStationPowerCurve',
      { stationId, from: new Date(dayStart(timeZone, to)).toISOString(), to: new Date(to).toISOString(), width: 1200 },
      { quiet: true },
    );
  },
  intervalMs: 60_000,
});
