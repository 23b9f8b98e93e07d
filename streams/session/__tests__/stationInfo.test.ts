import { describe, expect, it } from 'vitest';
import { ApiFailure, type Api } from '../../api/client';
import { createStore } from '../../store';
import { loadStationInfo } from '../commands';

const answering = (answer: () => Promise<unknown>) => ({ call: () => answer() }) as unknown as Api;

describe('the station bar’s read', () => {
  it('names the station, its provider and its customer', async () => {
    const store = createStore();
    await loadStationInfo(
      answering(async () => ({ stationName: 'Harbour PV', serviceProviderName: 'Sunrise', customerName: 'Acme' })),
      store,
      4,
    );
    expect(store.getState().station).toMatchObject({ name: 'Harbour PV', providerName: 'Sunrise', customerName: 'Acme', outOfScope: false });
  });
  it('marks a station the server does not show this account (notFound) as out of scope, and a network failure not', async () => {
    const store = createStore();
    const notFound = new ApiFailure({ kind: 'http', status: 404, code: 2004, codeName: 'notFound', msg: 'not found' });
    await loadStationInfo(
      answering(() => Promise.reject(notFound)),
      store,
      9,
    );
    expect(store.getState().station).toMatchObject({ stationId: 9, outOfScope: true });
    await loadStationInfo(
      answering(() => Promise.reject(new ApiFailure({ kind: 'network' }))),
      store,
      9,
    );
    expect(store.getState().station.outOfScope).toBe(false);
  });
});
