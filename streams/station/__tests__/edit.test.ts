import { firstValueFrom, of, skip, take, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Api } from '../../api/client';
import { createStore } from '../../store';
import { stationSaved } from '../edit';
import { createStationInfo, stationInfoOf } from '../info';
import type { StationSummary } from '../../monitor/state';

/** A request source answering queryStationInfoById with the station's current name. */
const answering = (station: { name: string }) => {
  const calls: string[] = [];
  const api = {
    call: async (action: string) => {
      calls.push(action);
      return { stationId: 4, stationName: station.name, serviceProviderName: 'Sunrise', customerName: 'Acme' };
    },
  } as unknown as Api;
  return { api, calls };
};

describe('a saved station edit', () => {
  it('is read again by every screen watching the station', async () => {
    const station = { name: 'Old' };
    const { api } = answering(station);
    const info = createStationInfo(api);
    const names = firstValueFrom(info.info$(of(4)).pipe(take(3), toArray()));
    await new Promise((r) => setTimeout(r, 0));
    station.name = 'New';
    info.refresh(4);
    expect((await names).map((x) => x?.stationName ?? null)).toEqual([null, 'Old', 'New']);
  });

  it('shows in the station bar and the station list without their next read', async () => {
    const station = { name: 'New' };
    const { api, calls } = answering(station);
    const store = createStore();
    const row = { stationId: 4, stationName: 'Old', address: 'Quay 1', capacityKva: null } as unknown as StationSummary;
    store.dispatch({ type: 'stations/listLoaded', key: 'all', stations: [row], at: 1 });
    const watched = firstValueFrom(stationInfoOf(api).info$(of(4)).pipe(skip(2), take(1)));
    await new Promise((r) => setTimeout(r, 0));
    stationSaved(api, store, { stationId: 4, stationName: 'New', capacityKva: 1250.5 });
    expect(store.getState().stations.byId[4]).toMatchObject({ stationName: 'New', address: 'Quay 1', capacityKva: 1250.5 });
    expect((await watched)?.stationName).toBe('New');
    await expect.poll(() => store.getState().station.name).toBe('New');
    expect(calls.length).toBe(3);
    stationSaved(api, store, { stationId: 4, capacityKva: 0 });
    expect(store.getState().stations.byId[4]?.capacityKva).toBeNull();
  });
});
