// The station overview's polled reads: its figures (queryStationOverview, every 5 s) and today's
// power curves over the station's local day (queryStationPowerCurve, every minute).
import type { Res } from '../api/client';
import type { Api } from '../api/client';
import { dayStart } from '../../protocol/site-time';
import type { PolledSpec } from '../polled/resource';

export type StationOverview = Res<'queryStationOverview'>;
export type StationCurve = Res<'queryStationPowerCurve'>;

export const overviewPoll = (api: Api, stationId: number): PolledSpec<StationOverview> => ({
  id: `station/overview/${stationId}`,
  fetch: () => api.call('queryStationOverview', { stationId }, { quiet: true }),
  intervalMs: 5000,
});

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
