import type { z } from 'zod';
import type { AnalysisKind, analysisRequest } from '../../protocol/actions/analysis';
import { addDateDays } from '../../protocol/site-time';
import { authed, type Ctx } from '../api/context';
import { ActionError, invalid } from '../api/errors';
import { buildEss } from './ess';
import { MAX_CUSTOM_DAYS, daysBetween, resolvePeriod } from './period';
import { buildPv } from './pv';
import { loadAnalysis, totalsOver, type Loaded } from './query';
import { loadRatings, loadSoh } from './sources';
import { loadPricingMany } from '../money';
import { buildUsage } from './usage';
import { providersFor, requireStation } from '../stations/scope';
import { demandSavingsOver } from '../peak/demand-savings';

// Analytics center (docs/analytics.md): PV, storage and energy usage over the caller's scope
// (platform, a provider, one station) and a period of the stations' local days. The query
// actions answer these, and the workbook export writes the same answers.

type Request = z.output<typeof analysisRequest>;

/** Stations of the request within the caller's data scope; anything outside answers notFound. */
const stationsOf = (q: Request, ctx: Ctx): number[] => {
  const { scope } = authed(ctx);
  if (q.stationId !== undefined) {
    requireStation(scope, q.stationId);
    if (q.orgId !== undefined && ctx.services.registry.stations.get(q.stationId)?.providerId !== q.orgId) throw new ActionError('notFound');
    return [q.stationId];
  }
  return providersFor(scope, q.orgId).flatMap((p) => scope.stationIds(p));
};

/** The request's stations, their ratings and pricing, and its period. */
const prepare = async (q: Request, ctx: Ctx) => {
  if (q.period === 'custom') {
    if (q.to === undefined) invalid([{ path: 'to', issue: 'required' }]);
    else if (q.to < q.date) invalid([{ path: 'to', issue: 'timeError' }]);
    else if (daysBetween(q.date, q.to) > MAX_CUSTOM_DAYS) invalid([{ path: 'to', issue: 'rangeTooLong', limit: MAX_CUSTOM_DAYS }]);
  }
  const ids = stationsOf(q, ctx);
  const db = ctx.services.db;
  const zones = ids.map((id) => ({ id, timezone: ctx.services.registry.stations.get(id)!.timezone }));
  const [stations, pricing] = await Promise.all([loadRatings(db, ids), loadPricingMany({ db }, zones)]);
  return { db, stations, pricing, period: resolvePeriod(q.period, q.date, q.to, q.compare), now: ctx.now.getTime() };
};

const load = async (q: Request, ctx: Ctx): Promise<Loaded> => {
  const p = await prepare(q, ctx);
  return loadAnalysis(p.db, p.stations, p.period, p.now, p.pricing);
};

/** The latest week of a range: enough for each cluster's current SOH over a wide scope. */
const SOH_LATEST_DAYS = 7;

export const analysisAnswers = {
  pv: async (q: Request, ctx: Ctx) => {
    const p = await prepare(q, ctx);
    const from = p.period.from;
    const [l, baseline] = await Promise.all([
      loadAnalysis(p.db, p.stations, p.period, p.now, p.pricing),
      totalsOver(
        p.db,
        p.stations.filter((s) => s.pvKwp > 0),
        { from: addDateDays(from, -30), to: addDateDays(from, -1) },
        p.pricing,
        p.now,
      ),
    ]);
    return buildPv(l, baseline);
  },

  ess: async (q: Request, ctx: Ctx) => {
    const p = await prepare(q, ctx);
    const ess = p.stations.filter((s) => s.essKwh > 0).map((s) => s.id);
    const one = q.stationId !== undefined;
    const { from, to } = p.period;
    const zones = p.stations.filter((s) => s.essKwh > 0).map((s) => ({ id: s.id, timezone: s.timezone }));
    const [l, soh, saved, savedBefore] = await Promise.all([
      loadAnalysis(p.db, p.stations, p.period, p.now, p.pricing),
      loadSoh(p.db, ess, one ? from : addDateDays(to, -SOH_LATEST_DAYS + 1), to),
      demandSavingsOver(p.db, zones, p.pricing, p.period, p.now),
      p.period.compare ? demandSavingsOver(p.db, zones, p.pricing, p.period.compare, p.now) : null,
    ]);
    return buildEss(l, soh, one, { slice: saved, compare: savedBefore });
  },

  usage: async (q: Request, ctx: Ctx) => buildUsage(await load(q, ctx)),
} satisfies Record<AnalysisKind, (q: Request, ctx: Ctx) => Promise<unknown>>;
