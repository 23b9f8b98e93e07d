import type { z } from 'zod';
import { MAX_MAINTENANCE_DAYS, type maintenanceWindowRecord } from '../../protocol/actions/alarm-handling';
import type { StationMaintenancePush } from '../../protocol/push';
import { authed, type Ctx, type Handlers } from '../api/context';
import { audit } from '../api/audit';
import { ActionError, invalid } from '../api/errors';
import type { FieldIssue } from '../../protocol/envelope';
import { alarmTopicsForStation } from '../broker/access';
import { nameOf } from '../alarms/handling';
import { providersFor, requireStation } from '../stations/scope';

// Station maintenance windows (docs/alarms.md, "Alarm handling"): alarms raised inside
// [start, end) of a window of their station (or of one of its listed devices) are stored as in
// maintenance and pushed silent (server/alarms/store.ts raiseAlarm). Windows may be planned
// ahead; ending one early moves its end to now, cancelling a planned one moves it to its start.

type Win = z.input<typeof maintenanceWindowRecord>;
interface Row extends Omit<Win, 'start' | 'end' | 'createdAt' | 'state'> {
  start: Date;
  end: Date;
  createdAt: Date;
}

const DAY_MS = 86_400_000;
const COLUMNS = `w.id AS "windowId", w.provider_id AS "serviceProviderId", w.station_id AS "stationId", s.name AS "stationName",
  w.start_at AS start, w.end_at AS "end", w.reason, w.device_ids AS "deviceIds", w.created_by_name AS "createdBy",
  w.created_at AS "createdAt", w.ended_by_name AS "endedBy"`;
const FROM = 'maintenance_windows w JOIN stations s ON s.id = w.station_id';

const toWindow = (r: Row, now: Date): Win => {
  const start = new Date(r.start);
  const end = new Date(r.end);
  // a cancelled planned window has end = start
  const state = end <= start || end <= now ? 'ended' : start > now ? 'planned' : 'active';
  return { ...r, start: start.toISOString(), end: end.toISOString(), createdAt: new Date(r.createdAt).toISOString(), state };
};

const loadWindow = async (ctx: Ctx, windowId: number): Promise<Row> => {
  const { scope } = authed(ctx);
  const [r] = await ctx.services.db.query<Row>(`SELECT ${COLUMNS} FROM ${FROM} WHERE w.id = $1`, [windowId]);
  if (!r || !scope.hasStation(r.stationId)) throw new ActionError('notFound');
  return r;
};

/** Tells every console of the station; a failed publish is logged (the station list is exact). */
const pushWindow = async (ctx: Ctx, r: Row, active: boolean): Promise<void> => {
  const msg: StationMaintenancePush = {
    kind: 'stationMaintenance',
    orgId: r.serviceProviderId,
    stationId: r.stationId,
    windowId: r.windowId,
    start: new Date(r.start).toISOString(),
    end: new Date(r.end).toISOString(),
    deviceIds: r.deviceIds,
    active,
  };
  try {
    for (const topic of alarmTopicsForStation(ctx.services.registry, r.stationId)) await ctx.services.broker.publish(topic, JSON.stringify(msg));
  } catch (e) {
    ctx.log.warn({ err: e, windowId: r.windowId }, 'maintenance push failed');
  }
};

export const maintenanceWindowHandlers: Handlers = {
  saveMaintenanceWindow: async ({ windowId, stationId, start, end, reason, deviceIds = [] }, ctx) => {
    const { scope, me } = authed(ctx);
    const db = ctx.services.db;
    requireStation(scope, stationId);
    const old = windowId === undefined ? null : await loadWindow(ctx, windowId);
    if (old && old.stationId !== stationId) throw new ActionError('notFound');
    if (old && toWindow(old, ctx.now).state === 'ended') throw new ActionError('conflict', { reason: 'ended' });
    const t0 = Date.parse(start);
    const t1 = Date.parse(end);
    const issues: FieldIssue[] = [];
    if (t1 <= t0) issues.push({ path: 'end', issue: 'tooSmall', limit: start });
    else if (t1 - t0 > MAX_MAINTENANCE_DAYS * DAY_MS) issues.push({ path: 'end', issue: 'tooBig', limit: MAX_MAINTENANCE_DAYS });
    else if (t1 <= ctx.now.getTime()) issues.push({ path: 'end', issue: 'tooSmall', limit: ctx.now.toISOString() });
    const ids = [...new Set(deviceIds)];
    if (ids.length > 0) {
      const found = await db.query('SELECT id FROM devices WHERE station_id = $1 AND id = ANY($2::int[])', [stationId, ids]);
      if (found.length !== ids.length) issues.push({ path: 'deviceIds', issue: 'notFound' });
    }
    if (issues.length) invalid(issues);
    const providerId = ctx.services.registry.stations.get(stationId)!.providerId;
    const id = await db.tx(async (tx) => {
      const [row] = old
        ? await tx.query<{ id: number }>('UPDATE maintenance_windows SET start_at = $2, end_at = $3, reason = $4, device_ids = $5 WHERE id = $1 RETURNING id', [
            old.windowId,
            start,
            end,
            reason,
            ids,
          ])
        : await tx.query<{ id: number }>(
            `INSERT INTO maintenance_windows (provider_id, station_id, start_at, end_at, reason, device_ids, created_by, created_by_name, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
            [providerId, stationId, start, end, reason, ids, me.accountId, nameOf(me), ctx.now],
          );
      await audit(tx, ctx, me.accountId, 'saveMaintenanceWindow', `maintenance:${row!.id}`, {
        outcome: old ? 'changed' : 'planned',
        stationId,
        start,
        end,
        reason,
        deviceIds: ids,
      });
      return row!.id;
    });
    const saved = await loadWindow(ctx, id);
    await pushWindow(ctx, saved, true);
    return toWindow(saved, ctx.now);
  },

  endMaintenanceWindow: async ({ windowId }, ctx) => {
    const { me } = authed(ctx);
    const w = await loadWindow(ctx, windowId);
    const target = `maintenance:${windowId}`;
    if (toWindow(w, ctx.now).state === 'ended') {
      await audit(ctx.services.db, ctx, me.accountId, 'endMaintenanceWindow', target, { outcome: 'alreadyEnded' });
      return toWindow(w, ctx.now);
    }
    const planned = new Date(w.start) > ctx.now;
    await ctx.services.db.tx(async (tx) => {
      await tx.query('UPDATE maintenance_windows SET end_at = greatest(start_at, $2), ended_by_name = $3 WHERE id = $1', [windowId, ctx.now, nameOf(me)]);
      await audit(tx, ctx, me.accountId, 'endMaintenanceWindow', target, { outcome: planned ? 'cancelled' : 'ended' });
    });
    const ended = await loadWindow(ctx, windowId);
    await pushWindow(ctx, ended, false);
    return toWindow(ended, ctx.now);
  },

  queryMaintenanceWindows: async ({ orgId, stationId, includeEnded }, ctx) => {
    const { scope } = authed(ctx);
    if (stationId !== undefined) requireStation(scope, stationId);
    const stations = stationId !== undefined ? [stationId] : providersFor(scope, orgId).flatMap((p) => scope.stationIds(p));
    if (stations.length === 0) return { dataList: [] };
    const since = includeEnded ? new Date(ctx.now.getTime() - 30 * DAY_MS) : ctx.now;
    const rows = await ctx.services.db.query<Row>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE w.station_id = ANY($1::int[]) AND w.end_at > $2
       AND ($3 OR w.end_at > w.start_at) ORDER BY w.start_at, w.id`,
      [stations, since, includeEnded],
    );
    return { dataList: rows.map((r) => toWindow(r, ctx.now)) };
  },
};
