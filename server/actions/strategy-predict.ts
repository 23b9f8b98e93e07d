import { strategyDraft } from '../../protocol/actions/strategy-predict';
import type { Handlers } from '../api/context';
import { ActionError, exactlyOne, invalid } from '../api/errors';
import { loadFleetConfig } from '../fleet/config';
import type { StationConfig } from '../fleet/station';
import { predictDay, type StrategyDraft } from '../strategies/predict';
import { strategySql, toStrategy, type StrategyRow } from '../strategies/records';
import { scopeWithStation } from '../stations/scope';
import { predictedDemand, type DemandCase } from '../peak/predicted';
import { readStationMonth } from '../peak/read';
import { kwh } from '../analytics/wire';
import { formatWall } from '../../protocol/site-time';

// predictStrategyDay (docs/strategies.md): the station as it runs now (the live model of its
// gateway when the simulator runs, else its stored configuration), simulated for the next 24
// hours under the candidate and under what is in force, both priced by the station's tariff.

export const strategyPredictHandlers: Handlers = {
  predictStrategyDay: async (q, ctx) => {
    const scope = scopeWithStation(ctx, q.stationId);
    exactlyOne(q.strategyId, q.draft, { neither: 'draft', both: 'strategyId' });
    const db = ctx.services.db;
    let draft: StrategyDraft;
    if (q.strategyId !== undefined) {
      const [row] = await db.query<StrategyRow>(`${strategySql} WHERE id=$1 AND deleted_at IS NULL`, [q.strategyId]);
      if (!row || !scope.hasStation(row.stationId)) throw new ActionError('notFound');
      if (row.stationId !== q.stationId) invalid([{ path: 'strategyId', issue: 'stationMismatch' }]);
      const s = toStrategy(row);
      draft = strategyDraft.parse({ kind: s.kind, params: s.params });
    } else {
      draft = q.draft!;
    }
    const live = ctx.services.fleet?.gateways.get(q.stationId)?.model;
    const cfg: StationConfig | undefined = live?.cfg ?? (await loadFleetConfig(db, [q.stationId]))[0];
    if (!cfg) throw new ActionError('notFound');
    const hasEss = cfg.devices.some((d) => d.type === 'pcs') && cfg.devices.some((d) => d.type === 'battery_cluster');
    if (draft.kind === 'peakShaving' && !hasEss) invalid([{ path: 'stationId', issue: 'stationType' }]);
    const month = await readStationMonth(db, { id: q.stationId, timezone: cfg.timezone }, ctx.now.getTime());
    const day = predictDay(cfg, draft, ctx.now.getTime(), live?.soc() ?? null, month.pricing);
    const demand = predictedDemand(month, day.candidateIntervals);
    const wire = (c: DemandCase) => ({
      peakKw: c.peakKw === null ? null : kwh(c.peakKw),
      peakAt: c.peakAt === null ? null : new Date(c.peakAt).toISOString(),
      peakLocal: c.peakAt === null ? null : formatWall(cfg.timezone, c.peakAt).slice(0, 16),
      billedKw: kwh(c.billedKw),
      amount: c.amount,
    });
    return {
      stationId: q.stationId,
      timezone: cfg.timezone,
      currency: ctx.services.registry.currencyOfStation(q.stationId),
      start: new Date(day.start).toISOString(),
      stepMinutes: day.stepMinutes,
      candidate: day.candidate,
      inForce: day.inForce,
      difference: day.difference,
      demand: demand && { ...demand, withStorage: wire(demand.withStorage), withoutStorage: wire(demand.withoutStorage) },
    };
  },
};
