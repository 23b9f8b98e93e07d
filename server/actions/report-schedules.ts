import type { ReportItem } from '../../protocol/actions/report-shapes';
import { authed, type Ctx, type Handlers } from '../api/context';
import { ActionError } from '../api/errors';
import { audit } from '../api/audit';
import { lastFullPeriod, nextRunAt } from '../reports/schedule-periods';
import { deleteSchedule, deliveredPeriods, listDeliveries, listSchedules, saveSchedule, scheduleById, type ScheduleRow } from '../reports/schedule-store';
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

const strip = ({ tenantOrgId: _t, createdById: _c, locale: _l, ...s }: ScheduleRow) => s;

/** The zone the runner reads a schedule's periods in: that of its first station (UTC without one). */
const zoneOf = (s: ScheduleRow, ctx: Ctx): string => {
  const reg = ctx.services.registry;
  let first = s.stationId ?? undefined;
  if (first === undefined) {
    try {
      first = entitiesOf(s.report, { orgId: s.orgId ?? undefined } as ReportRequest, authed(ctx).scope, reg).find((e) => e.stationIds.length > 0)
        ?.stationIds[0];
    } catch {
      first = undefined;
    }
  }
  return (first !== undefined ? reg.stations.get(first)?.timezone : undefined) ?? 'UTC';
};

/** Schedules as the caller sees them, each with its next run. */
const views = async (rows: ScheduleRow[], ctx: Ctx) => {
  const now = ctx.now.getTime();
  const keyed = rows.map((s) => ({ s, zone: zoneOf(s, ctx), periodKey: '' }));
  for (const k of keyed) k.periodKey = lastFullPeriod(k.s.cadence, k.zone, now).key;
  const done = await deliveredPeriods(
    ctx.services.db,
    keyed.filter((k) => k.s.enabled).map((k) => ({ scheduleId: k.s.scheduleId, periodKey: k.periodKey })),
  );
  return keyed.map(({ s, zone, periodKey }) => ({
    ...strip(s),
    nextRunAt: s.enabled ? new Date(nextRunAt(s.cadence, zone, now, done.has(`${s.scheduleId}:${periodKey}`))).toISOString() : null,
  }));
};

export const reportScheduleHandlers: Handlers = {
  saveReportSchedule: async (q, ctx) => {
    const { me, scope } = authed(ctx);
    if (q.scheduleId !== undefined) await ownSchedule(q.scheduleId, ctx);
    // the same checks as the report itself: a site needs its station, all of it within scope
    entitiesOf(q.report, { orgId: q.orgId, stationId: q.stationId } as ReportRequest, scope, ctx.services.registry);
    const input = {
      report: q.report,
      orgId: q.orgId,
      stationId: q.report === 'site' ? q.stationId : undefined,
      items: q.items as ReportItem[],
      granularity: q.granularity,
      cadence: q.cadence,
      recipients: [...new Set(q.recipients)],
      enabled: q.enabled,
    };
    const id = await saveSchedule(ctx.services.db, q.scheduleId ?? null, input, {
      tenantOrgId: me.orgId,
      accountId: me.accountId,
      locale: String(ctx.locale),
      now: ctx.now.getTime(),
    });
    await audit(ctx.services.db, ctx, me.accountId, 'saveReportSchedule', `reportSchedule:${id}`, input);
    return (await views([(await scheduleById(ctx.services.db, id))!], ctx))[0]!;
  },

  deleteReportSchedule: async ({ scheduleId }, ctx) => {
    const { me } = authed(ctx);
    const s = await ownSchedule(scheduleId, ctx);
    await deleteSchedule(ctx.services.db, scheduleId);
    await audit(ctx.services.db, ctx, me.accountId, 'deleteReportSchedule', `reportSchedule:${scheduleId}`, strip(s));
    return null;
  },

  queryReportSchedules: async (_q, ctx) => {
    const { me, scope } = authed(ctx);
    const rows = await listSchedules(ctx.services.db, scope.isRoot ? null : me.orgId);
    return {
      dataList: await views(
        rows.filter((s) => visible(s, ctx)),
        ctx,
      ),
    };
  },

  queryReportDeliveries: async ({ scheduleId }, ctx) => {
    await ownSchedule(scheduleId, ctx);
    return { dataList: await listDeliveries(ctx.services.db, scheduleId) };
  },
};
