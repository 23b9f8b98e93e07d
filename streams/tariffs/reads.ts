// The tariff screens' reads as streams of their inputs (streams/query.ts): the station's tariffs
// (active + pending), its past tariffs, one tariff, the provider's templates, the station's fuel
// prices and the preview bill. Each answer view keeps what it showed when a re-read fails.
import type { Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { loaded } from '../system/loaded';

export type Tariff = Res<'queryTariffById'>;
export type TariffTemplate = Res<'queryTariffTemplateList'>['dataList'][number];
export type OilPrice = Res<'queryOilPriceList'>['dataList'][number];
export type PreviewBill = Res<'previewTariffBill'>;
export type PriceFeed = Res<'queryPriceFeeds'>[number];
export type PriceFeedDay = Res<'queryPriceFeedDay'>;
export type PreviewRequest = Req<'previewTariffBill'>;

/** Reads a list past its first page: the tariff screens show every record of a station. */
export const ALL = 500;

export const stationTariffs$ = (api: Api, stationId$: Observable<number | null>, reload$?: Observable<unknown>) =>
  loaded(stationId$, (stationId) => api.call('queryStationTariffs', { stationId }, { quiet: true }), reload$);

export const tariffHistory$ = (api: Api, stationId$: Observable<number | null>, reload$?: Observable<unknown>) =>
  loaded(stationId$, (stationId) => api.call('queryTariffHistory', { stationId, page: 1, length: ALL }, { quiet: true }), reload$);

export const tariffById$ = (api: Api, tariffId$: Observable<number | null>) =>
  loaded(tariffId$, (tariffId) => api.call('queryTariffById', { tariffId }, { quiet: true }));

/** Templates of one provider (`orgId`), or of every provider in scope when it is undefined. */
export const tariffTemplates$ = (api: Api, orgId$: Observable<{ orgId?: number } | null>, reload$?: Observable<unknown>) =>
  loaded(orgId$, ({ orgId }) => api.call('queryTariffTemplateList', { ...(orgId ? { orgId } : {}), page: 1, length: ALL }, { quiet: true }), reload$);

export const oilPrices$ = (api: Api, stationId$: Observable<number | null>, reload$?: Observable<unknown>) =>
  loaded(stationId$, (stationId) => api.call('queryOilPriceList', { stationId, page: 1, length: ALL }, { quiet: true }), reload$);

/** A local day priced under a tariff (by id or a draft's seasons) and under the one in force. */
export const previewBill$ = (api: Api, request$: Observable<PreviewRequest | null>) =>
  loaded(request$, (request) => api.call('previewTariffBill', request, { quiet: true }));

/** The stations of one provider, to apply a template to. */
export const providerStations$ = (api: Api, orgId$: Observable<number | null>) =>
  loaded(orgId$, (orgId) => api.call('queryStationInfoList', { orgId, page: 1, length: ALL }, { quiet: true }));

/** The price feeds of one provider (dynamic interval prices). */
export const priceFeeds$ = (api: Api, orgId$: Observable<number | null>, reload$?: Observable<unknown>) =>
  loaded(orgId$, (orgId) => api.call('queryPriceFeeds', { orgId }, { quiet: true }), reload$);

/** One feed's prices for one day on its clock. */
export const priceFeedDay$ = (api: Api, q$: Observable<{ feedId: number; date: string } | null>, reload$?: Observable<unknown>) =>
  loaded(q$, (q) => api.call('queryPriceFeedDay', q, { quiet: true }), reload$);
