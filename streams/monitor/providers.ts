// Service providers for the monitoring hall (queryServiceProviderList, all in one page of up to
// 1,000) and their live status summary, summed in the page; one provider's figures for its detail.
import { filter, map, type Observable } from 'rxjs';
import type { Api, Res } from '../api/client';
import { read$ } from '../query';
import { resourcesOf, type ResourceSpec } from '../resources';
import type { View } from '../slices/selectors';
import type { Store } from '../store';
import { selectProviders, type ProviderSummary } from './state';

export type { ProviderSummary };

export const loadProviders = async (api: Api): Promise<ProviderSummary[]> =>
  (await api.call('queryServiceProviderList', { page: 1, length: 1000, sortBy: 'name', sortDir: 'asc' }, { quiet: true })).dataList;

export const PROVIDERS_MS = 30_000;
const PROVIDERS_KEY = 'all';

export const providersResource = (api: Api): ResourceSpec<ProviderSummary[]> => ({
  id: 'providers/list',
  fetch: () => loadProviders(api),
  intervalMs: PROVIDERS_MS,
  loaded: (providers, at) => ({ type: 'providers/listLoaded', key: PROVIDERS_KEY, providers, at }),
  failed: (failures, at) => ({ type: 'providers/listFailed', key: PROVIDERS_KEY, failures, at }),
});

export const providers$ = (store: Store, api: Api): Observable<View<ProviderSummary[]>> =>
  resourcesOf(store).watch$(providersResource(api), selectProviders(PROVIDERS_KEY));

export interface ProviderTotals {
  providers: number;
  sites: number;
  onlineSites: number;
  alarmSites: number;
  openAlarms: number;
}

export function providerTotals(list: readonly ProviderSummary[]): ProviderTotals {
  const t: ProviderTotals = { providers: list.length, sites: 0, onlineSites: 0, alarmSites: 0, openAlarms: 0 };
  for (const p of list) {
    t.sites += p.siteQuantity;
    t.onlineSites += p.onlineSites;
    t.alarmSites += p.alarmSites;
    t.openAlarms += p.openAlarms;
  }
  return t;
}

export type ProviderInfo = Res<'queryServiceProviderInfoById'>;

/** One provider's figures for the latest provider id asked (null for none or until it answers;
 *  a failed read keeps what was shown), read again on `reload$` (after its currency is set). */
export const providerInfo$ = (api: Api, orgId$: Observable<number | null>, reload$?: Observable<unknown>): Observable<ProviderInfo | null> =>
  read$(
    orgId$.pipe(map((orgId) => (orgId ? { orgId, key: String(orgId) } : null))),
    ({ orgId }) => api.call('queryServiceProviderInfoById', { orgId }),
    reload$,
  ).pipe(
    filter((a) => a.ok),
    map((a) => (a.ok ? a.value : null)),
  );
