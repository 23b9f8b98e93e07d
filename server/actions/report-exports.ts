import { authed, type Ctx, type Handlers } from '../api/context';
import { ActionError } from '../api/errors';
import { audit } from '../api/audit';
import { billTable } from '../reports/bill';
import type { ExportAbout, FileFormat } from '../reports/jobs';
import { langOf } from '../reports/labels';
import { writePdf } from '../reports/pdf';
import { entitiesOf } from '../reports/scope';
import { reportSource, stationSource, type FileSource } from '../reports/source';
import { reportTable, type FileTable } from '../reports/table';
import { writeCsv, writeXlsx } from '../reports/writers';
import { billById } from '../reports/station-bills';
import { runReport } from '../reports/run';

// Exports (docs/reports.md): the answer is built as the query action builds it, then a job
// writes the file in the background (progress, cancel) and a download token streams it.

const startFile = (ctx: Ctx, table: FileTable, format: FileFormat, source: FileSource, about: ExportAbout, subtitle?: string) => {
  const { me } = authed(ctx);
  const lang = langOf(ctx.locale);
  const job = { accountId: me.accountId, fileName: `${table.fileBase}.${format}`, format, rowsTotal: table.rows.length, about };
  return ctx.services.exportJobs.start(job, (path, p) =>
    format === 'xlsx'
      ? writeXlsx(table, path, p)
      : format === 'csv'
        ? writeCsv(table, path, p)
        : writePdf(table, path, p, { lang, providerName: source.providerName, generated: source.generated, subtitle }),
  );
};

/** The caller's own job from any replica; another account's job answers as a missing one. */
const ownJob = (job: Awaited<ReturnType<Ctx['services']['exportJobs']['view']>>) => {
  if (!job) throw new ActionError('notFound');
  return job;
};

export const reportExportHandlers: Handlers = {
  exportReport: async (q, ctx) => {
    const { me } = authed(ctx);
    const answer = await runReport(q.report, q, ctx);
    const lang = langOf(ctx.locale);
    const source = reportSource(ctx.services.registry, q.report, entitiesOf(q.report, q, authed(ctx).scope, ctx.services.registry), lang, ctx.now.getTime());
    const table = reportTable(q.report, answer, lang, source.generated);
    const about = { report: q.report, period: `${answer.from}/${answer.to}`, ...(q.stationId !== undefined ? { stationId: q.stationId } : {}) };
    const job = await startFile(ctx, table, q.format, source, about, `${answer.from} – ${answer.to}`);
    await audit(ctx.services.db, ctx, me.accountId, 'exportReport', `export:${job.jobId}`, q);
    return job;
  },

  exportBill: async ({ billId, format }, ctx) => {
    const bill = await billById(billId, ctx);
    const lang = langOf(ctx.locale);
    const source = stationSource(ctx.services.registry, bill.stationId, lang, ctx.now.getTime());
    const table = billTable(bill, lang, source.generated);
    return startFile(ctx, table, format, source, { report: 'bill', period: billId.split('-').slice(1).join('-'), stationId: bill.stationId });
  },

  queryExportJob: async ({ jobId }, ctx) => ownJob(await ctx.services.exportJobs.view(jobId, authed(ctx).me.accountId)),

  cancelExportJob: async ({ jobId }, ctx) => ownJob(await ctx.services.exportJobs.cancel(jobId, authed(ctx).me.accountId)),
};
