// The report screens' reads as streams of their inputs (streams/query.ts): the stations a site
// report can pick, a station's share links, a shared report by its token, a station's bills and
// one bill. Each keeps what it showed when a re-read fails.
import { map, scan, startWith, type Observable } from 'rxjs';
import type { Api, Res } from '../api/client';
import { read$, type Answer } from '../query';

export type ReportAnswer = Res<'querySiteReport'>;
export type SharedReport = Res<'queryReportByShareToken'>;
export type ShareItem = Res<'queryReportShareList'>['dataList'][number];
export type BillSummary = Res<'queryBillList'>['dataList'][number];
export type BillDetail = Res<'queryBillDetail'>;

/** A read's latest answer: `data` null until the first one; `failed` when the last read failed. */
export interface Loaded<T> {
  data: T | null;
  failed: boolean;
}
const NOTHING: Loaded<never> = { data: null, failed: false };

const keyed = <P>(p: P | null) => (p === null ? null : { key: JSON.stringify(p), p });

function loaded<P, R>(input$: Observable<P | null>, fetch: (p: P) => Promise<R>, reload$?: Observable<unknown>): Observable<Loaded<R>> {
  return read$(input$.pipe(map(keyed)), (q) => fetch(q.p), reload$).pipe(
    scan((v: Loaded<R>, a: Answer<{ key: string; p: P }, R>): Loaded<R> => (a.ok ? { data: a.value, failed: false } : { data: null, failed: true }), NOTHING),
    startWith(NOTHING),
  );
}

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

export const billDetail$ = (api: Api, billId$: Observable<string | null>) =>
  loaded(billId$, (billId) => api.call('queryBillDetail', { billId }, quiet));
