// The month's peak demand so far (queryStationPeakDemand, every minute: the overview's card) and
// the station's peak alarm setting as a command (savePeakAlarm; quiet: the dialog shows the
// errors at their fields).
import type { Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { command, type CommandEvent } from '../commands/command';
import type { PolledSpec } from '../polled/resource';
import { stationPoll } from './overview';

export type StationPeak = Res<'queryStationPeakDemand'>;
export type SavePeakAlarm = Req<'savePeakAlarm'>;

export const peakDemandPoll = (api: Api, stationId: number): PolledSpec<StationPeak> =>
  stationPoll('peakDemand', stationId, 60_000, () => api.call('queryStationPeakDemand', { stationId }, { quiet: true }));

export const savePeakAlarm$ = (api: Api, input$: Observable<SavePeakAlarm>): Observable<CommandEvent<SavePeakAlarm, null>> =>
  command(input$, (p) => api.call('savePeakAlarm', p, { quiet: true }));
