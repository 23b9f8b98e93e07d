import type { z } from 'zod';
import type { AnalysisKind, analysisExportRequest } from '../../protocol/actions/analysis';
import { authed, type Ctx, type Handlers } from '../api/context';
import { ActionError } from '../api/errors';
import { audit } from '../api/audit';
import { analysisTable, type AnalysisAnswer } from '../analytics/export-table';
import { analysisText } from '../analytics/export-labels';
import { langOf } from '../reports/labels';
import { writeXlsx } from '../reports/writers';
import { analysisAnswers } from '../analytics/answers';

// An analysis as XLSX through the reports' export jobs: the answer is computed as the screen's
// query computes it, written on the workbook worker, and the finished job answered with its
// download link (an analysis workbook is a few hundred rows: waiting beats polling).

const PERMISSION: Record<AnalysisKind, string> = { pv: 'analysis.photovoltaic', ess: 'analysis.energyStorage', usage: 'analysis.energyUsage' };

const answerOf = async (q: z.output<typeof analysisExportRequest>, ctx: Ctx): Promise<AnalysisAnswer> => {
  const { analysis, format: _format, ...req } = q;
  return analysisAnswers[analysis](req, ctx);
};

export const analysisExportHandlers: Handlers = {
  exportAnalysis: async (q, ctx) => {
    const { me } = authed(ctx);
    if (!me.permissions.has(PERMISSION[q.analysis])) throw new ActionError('forbidden');
    const answer = await answerOf(q, ctx);
    const lang = langOf(ctx.locale);
    const x = analysisText(lang);
    const reg = ctx.services.registry;
    const scope =
      q.stationId !== undefined
        ? (reg.stations.get(q.stationId)?.name ?? String(q.stationId))
        : q.orgId !== undefined
          ? `${reg.orgs.get(q.orgId)?.name ?? q.orgId}: ${x.allStations}`
          : x.allStations;
    const table = analysisTable(
      answer,
      {
        kind: q.analysis,
        scope,
        period: x.periodName(q.period),
        compare: x.compareName(q.compare),
        generatedAt: ctx.now.toISOString(),
      },
      lang,
    );
    const jobs = ctx.services.exportJobs;
    const about = { report: `analysis.${q.analysis}`, period: q.period, ...(q.stationId !== undefined ? { stationId: q.stationId } : {}) };
    const file = { accountId: me.accountId, fileName: `${table.fileBase}.xlsx`, format: 'xlsx' as const, rowsTotal: table.rows.length, about };
    const job = await jobs.start(file, (path, p) => writeXlsx(table, path, p));
    await audit(ctx.services.db, ctx, me.accountId, 'exportAnalysis', `export:${job.jobId}`, q);
    return (await jobs.settle(job.jobId, me.accountId)) ?? job;
  },
};
