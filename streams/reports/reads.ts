// The report screens' reads as streams of their inputs (streams/query.ts): the stations a site
// report can pick, a station's share links, a shared report by its token, a station's bills and
// one bill. Each keeps what it showed when a re-read fails.
import type { Observable } from 'rxjs';
import type { Api, Res } from '../api/client';
import { loaded } from '../system/loaded';

export type ReportAnswer = Res<'querySiteReport'>;
export type ShareItem = Res<'queryReportShareList'>['dataList'][number];
export type BillDetail = Res<'queryBillDetail'>;

const quiet = { quiet: true } as const;

/** Every station of the scope (`orgId` for a root user's picked provider), by name. */
export const scopeStations$ = (api: Api, scope$: Observable<{ orgId?: number } | null>) =>
  loaded(scope$, async ({ orgId }) => {
    const r = await api.call('queryStationInfoList', { ...(orgId ? { orgId } : {}), page: 1, length: 100_000 }, quiet);
    return r.dataList.map((s) => ({ stationId: s.stationId, stationName: s.stationName })).sort((a, b) => a.stationName.localeCompare(b.stationName));
  });

export const shareList$ = (api: Api, stationId$: Observable<number | null>, reload$?: Observable<unknown>) =>
  loaded(stationId$, (stationId) => api.call('queryReportShareList', { stationId }, quiet), reload$);

/** The public report of a share token (no session needed). */
export const sharedReport$ = (api: Api, token$: Observable<string | null>) =>
  loaded(token$, (shareToken) => api.call('queryReportByShareToken', { shareToken }, quiet));

export const billList$ = (api: Api, input$: Observable<{ stationId: number; year: number } | null>) =>
  loaded(input$, (q) => api.call('queryBillList', q, quiet));

export const billDetail$ = (api: Api, billId$: Observable<string | null>) => loaded(billId$, (billId) => api.call('queryBillDetail', { billId }, quiet));
