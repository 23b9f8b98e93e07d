// Report queries, exports and share links as commands (streams/commands/command.ts): a double
// click sends one request, and each outcome (pending, succeeded, failed with the server's field
// errors) is an event the screen renders. An export is a job: started once, then polled until it
// is done, failed or cancelled.
import { defer, exhaustMap, from, switchMap, takeWhile, timer, type Observable } from 'rxjs';
import type { Api, Req, Res } from '../api/client';
import { command, type CommandEvent } from '../commands/command';

const quiet = { quiet: true } as const;

export type ReportAction = 'queryPlatformReport' | 'queryServiceReport' | 'querySiteReport';
export type ReportRequest = Req<'querySiteReport'>;
export type ExportRequest = Req<'exportReport'>;
export type ExportJob = Res<'queryExportJob'>;
export type CreateShare = Req<'createReportShare'>;

export const queryReport$ = (api: Api, action: ReportAction, input$: Observable<ReportRequest>): Observable<CommandEvent<ReportRequest, Res<ReportAction>>> =>
  command(input$, (p) => api.call(action, p, quiet));

export const createShare$ = (api: Api, input$: Observable<CreateShare>): Observable<CommandEvent<CreateShare, Res<'createReportShare'>>> =>
  command(input$, (p) => api.call('createReportShare', p, quiet));

export const revokeShare$ = (api: Api, shareId$: Observable<number>): Observable<CommandEvent<number, Res<'revokeReportShare'>>> =>
  command(shareId$, (shareId) => api.call('revokeReportShare', { shareId }, quiet));

/** how often a running job is asked for its progress */
export const POLL_MS = 300;

/** The job's states from its start until it ends (the last one emitted is done, failed or cancelled). */
export function followJob(api: Api, start: () => Promise<ExportJob>): Observable<ExportJob> {
  return defer(() => from(start())).pipe(
    switchMap((job) =>
      job.status !== 'running'
        ? from([job])
        : timer(0, POLL_MS).pipe(
            exhaustMap((i) => (i === 0 ? from([job]) : from(api.call('queryExportJob', { jobId: job.jobId }, quiet)))),
            takeWhile((j) => j.status === 'running', true),
          ),
    ),
  );
}

export const startReportExport = (api: Api, p: ExportRequest) => followJob(api, () => api.call('exportReport', p, quiet));
export const startBillExport = (api: Api, p: Req<'exportBill'>) => followJob(api, () => api.call('exportBill', p, quiet));
export const cancelExport = (api: Api, jobId: string) => api.call('cancelExportJob', { jobId }, quiet);
