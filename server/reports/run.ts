import { authed, type Ctx } from '../api/context';
import { buildReport, type ReportAnswer } from './build';
import { checkPeriod, entitiesOf, type ReportKind, type ReportRequest } from './scope';

/** A report of the caller's scope; the exports build exactly this answer. */
export const runReport = async (kind: ReportKind, q: ReportRequest, ctx: Ctx): Promise<ReportAnswer> => {
  const { scope } = authed(ctx);
  const period = checkPeriod(q);
  const entities = entitiesOf(kind, q, scope, ctx.services.registry);
  return buildReport(ctx.services.db, entities, period, ctx.now.getTime());
};
