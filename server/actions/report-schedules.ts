import type { ReportItem } from '../../protocol/actions/report-shapes';
import { authed, type Ctx, type Handlers } from '../api/context';
import { ActionError } from '../api/errors';
import { audit } from '../api/audit';
import { deleteSchedule, listDeliveries, listSchedules, saveSchedule, scheduleById, type ScheduleRow } from '../reports/schedule-store';
import { entitiesOf, type ReportRequest } from '../reports/scope';

// Scheduled reports (docs/reports.md): saved with the caller's organisation and checked against
// the caller's data scope; server/reports/schedule-runner.ts sends them.

/** A schedule the caller may see: of its organisation (any for the platform) and within its scope. */
const visible = (s: ScheduleRow, ctx: Ctx): boolean => {
  const { me, scope } = authed(ctx);
  if (!scope.isRoot && s.tenantOrgId !== me.orgId) return false;
  if (s.stationId !== null && !scope.hasStation(s.stationId)) return false;
  return s.orgId === null || scope.hasProvider(s.orgId);
};

const ownSchedule = async (id: number, ctx: Ctx): Promise<ScheduleRow> => {
  const s = await scheduleById(ctx.services.db, id);
  if (!s || !visible(s, ctx)) throw new ActionError('notFound');
  return s;
};

const view = ({ tenantOrgId: _t, createdById: _c, locale: _l, ...s }: ScheduleRow) => s;

export const reportScheduleHandlers: Handlers = {
  saveReportSchedule: async (q, ctx) => {
    const { me, scope } = authed(ctx);
    if (q.scheduleId !== undefined) await ownSchedule(q.scheduleId, ctx);
    // the same checks as the report itself: a site needs its station, all of it within scope
    entitiesOf(q.report, { orgId: q.orgId, stationId: q.stationId } as ReportRequest, scope, ctx.services.registry);
    const input = {
      report: q.report, orgId: q.orgId, stationId: q.report === 'site' ? q.stationId : undefined,
      items: q.items as ReportItem[], granularity: q.granularity, cadence: q.cadence, recipients: [...new Set(q.recipients)], enabled: q.enabled,
    };
    const id = await saveSchedule(ctx.services.db, q.scheduleId ?? null, input, {
      tenantOrgId: me.orgId, accountId: me.accountId, locale: String(ctx.locale), now: ctx.now.getTime(),
    });
    await audit(ctx.services.db, ctx, me.accountId, 'saveReportSchedule', `reportSchedule:${id}`, input);
    return view((await scheduleById(ctx.services.db, id))!);
  },

  deleteReportSchedule: async ({ scheduleId }, ctx) => {
    const { me } = authed(ctx);
    const s = await ownSchedule(scheduleId, ctx);
    await deleteSchedule(ctx.services.db, scheduleId);
    await audit(ctx.services.db, ctx, me.accountId, 'deleteReportSchedule', `reportSchedule:${scheduleId}`, view(s));
    return null;
  },

  queryReportSchedules: async (_q, ctx) => {
    const { me, scope } = authed(ctx);
    const rows = await listSchedules(ctx.services.db, scope.isRoot ? null : me.orgId);
    return { dataList: rows.filter((s) => visible(s, ctx)).map(view) };
  },

  queryReportDeliveries: async ({ scheduleId }, ctx) => {
    await ownSchedule(scheduleId, ctx);
    return { dataList: await listDeliveries(ctx.services.db, scheduleId) };
  },
};
