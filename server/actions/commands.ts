import { dateKey } from '../../protocol/site-time';
import { authed, type Handlers } from '../api/context';
import { ActionError } from '../api/errors';
import { audit } from '../api/audit';
import { ackDistribution, ackSwitch, recordDistribution, recordSwitch } from '../strategies/records';
import { requireStation } from '../stations/scope';
import { lockStrategy } from '../strategies/lock';
import { auditOutcome, refuseWhilePending } from '../strategies/dispatch-guard';
import { fleetOf } from '../telemetry/fleet-of';
import { tzOf } from '../stations/scope';

// Commands to a station's gateway (stage 'fleet', docs/strategies.md): issuing a strategy and
// switching a mode. The record opens with the audit row in one transaction; the command goes
// out after the commit, and the gateway's answer (or its timeout) closes the record.

export const commandHandlers: Handlers = {
  issueStrategy: async ({ strategyId }, ctx) => {
    const { me } = authed(ctx);
    const f = fleetOf(ctx);
    const db = ctx.services.db;
    const rec = await db.tx(async (q) => {
      const s = await lockStrategy(q, ctx, strategyId);
      await refuseWhilePending(q, s.stationId);
      const r = await recordDistribution(q, { strategy: s, operatorId: me.accountId, at: ctx.now });
      await audit(q, ctx, me.accountId, 'issueStrategy', `strategy:${strategyId}`, { distributionId: r.distributionId, stationId: s.stationId });
      return { r, s };
    });
    // sent only after the record is committed, so an ack never precedes it
    f.dispatch(
      rec.s.stationId,
      {
        type: 'strategy',
        distributionId: rec.r.distributionId,
        kind: rec.s.kind,
        name: rec.s.name,
        startDate: rec.s.startDate,
        endDate: rec.s.endDate,
        params: rec.s.params as Record<string, unknown>,
      },
      async (a) =>
        void (await db.tx(async (q) => {
          if (await ackDistribution(q, rec.r.distributionId, a))
            await auditOutcome(
              q,
              me.accountId,
              'issueStrategyResult',
              `strategy:${strategyId}`,
              { distributionId: rec.r.distributionId, stationId: rec.s.stationId },
              a,
            );
        })),
    );
    return rec.r;
  },

  setControlMode: async ({ stationId, mode, enabled }, ctx) => {
    const { scope, me } = authed(ctx);
    requireStation(scope, stationId);
    const f = fleetOf(ctx);
    const db = ctx.services.db;
    const rec = await db.tx(async (q) => {
      await refuseWhilePending(q, stationId);
      if (enabled) {
        const today = dateKey(tzOf(ctx, stationId), ctx.now.getTime());
        const [ok] = await q.query<{ id: number }>(
          `SELECT id FROM strategies WHERE station_id = $1 AND kind = $2 AND deleted_at IS NULL AND issue_status = 1 AND start_date <= $3 AND end_date >= $3 LIMIT 1`,
          [stationId, mode, today],
        );
        if (!ok) throw new ActionError('conflict', { reason: 'noIssuedStrategy', mode });
      }
      const r = await recordSwitch(q, { stationId, mode, enabled, operatorId: me.accountId, at: ctx.now });
      await audit(q, ctx, me.accountId, 'setControlMode', `station:${stationId}`, { mode, enabled, recordId: r.recordId });
      return r;
    });
    f.dispatch(stationId, { type: 'mode', switchId: rec.recordId, mode, enabled }, async (a) => {
      await db.tx(async (q) => {
        if (await ackSwitch(q, rec.recordId, a))
          await auditOutcome(q, me.accountId, 'setControlModeResult', `station:${stationId}`, { mode, enabled, recordId: rec.recordId }, a);
      });
      ctx.services.stationCache.invalidate(stationId);
    });
    return rec;
  },
};
