// Editing a station's descriptive fields and contracted capacity (updateStation; quiet: the
// dialog shows the errors at their fields). A save is read back everywhere the station shows:
// the station's information (overview, tariff screens), the station bar and the station list.
import type { Observable } from 'rxjs';
import type { Api, Req } from '../api/client';
import { command, type CommandEvent } from '../commands/command';
import { loadStationInfo } from '../session/commands';
import type { Store } from '../store';
import { stationInfoOf } from './info';

export type UpdateStation = Req<'updateStation'>;

export const updateStation$ = (api: Api, input$: Observable<UpdateStation>): Observable<CommandEvent<UpdateStation, null>> =>
  command(input$, (p) => api.call('updateStation', p, { quiet: true }));

/** After a save: every read of the station shows the new values, without a page reload. */
export function stationSaved(api: Api, store: Store, saved: UpdateStation): void {
  const { stationId, stationName, address, voltageLevel, operationDate, cardType, capacityKva } = saved;
  const fields = {
    ...(stationName !== undefined ? { stationName } : {}),
    ...(address !== undefined ? { address } : {}),
    ...(voltageLevel !== undefined ? { voltageLevel } : {}),
    ...(operationDate !== undefined ? { operationDate } : {}),
    ...(cardType !== undefined ? { cardType } : {}),
    // 0 clears the capacity (the server stores none)
    ...(capacityKva !== undefined ? { capacityKva: capacityKva || null } : {}),
  };
  store.dispatch({ type: 'stations/edited', stationId, fields });
  stationInfoOf(api).refresh(stationId);
  void loadStationInfo(api, store, stationId);
}
