import { authed, type Handlers } from '../api/context';
import { audit } from '../api/audit';
import { demandWire, monthDemandLines } from '../peak/month-peak';
import { readStationMonth } from '../peak/read';
import { requireStation, tzOf } from '../stations/scope';

// The month's peak demand so far and the station's peak alarm setting (docs/strategies.md,
// "Peak demand").

export const peakDemandHandlers: Handlers = {
  queryStationPeakDemand: async ({ stationId }, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, stationId);
    const timezone = tzOf(ctx, stationId);
    const m = await readStationMonth(ctx.services.db, { id: stationId, timezone }, ctx.now.getTime());
    return {
      stationId,
      timezone,
      month: m.month,
      currency: ctx.services.registry.currencyOfStation(stationId),
      demand: demandWire(monthDemandLines(m.intervals, m.pricing, m.station, m.month), timezone),
      alarm: m.alarm,
    };
  },

  savePeakAlarm: async (q, ctx) => {
    const { scope, me } = authed(ctx);
    requireStation(scope, q.stationId);
    await ctx.services.db.query('UPDATE stations SET peak_alarm_pct = $2, peak_alarm_target_kw = $3 WHERE id = $1', [
      q.stationId,
      q.marginPct ?? null,
      q.marginPct == null ? null : (q.targetKw ?? null),
    ]);
    await audit(ctx.services.db, ctx, me.accountId, 'savePeakAlarm', `station:${q.stationId}`, q);
    return null;
  },
};
