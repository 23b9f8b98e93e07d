// Service providers for the monitoring hall (queryServiceProviderList, all in one page of up to
// 1,000) and their live status summary, summed in the page.
import type { Api, Res } from '../api/client';

export type ProviderSummary = Res<'queryServiceProviderList'>['dataList'][number];

export const loadProviders = async (api: Api): Promise<ProviderSummary[]> =>
  (await api.call('queryServiceProviderList', { page: 1, length: 1000, sortBy: 'name', sortDir: 'asc' }, { quiet: true })).dataList;

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
