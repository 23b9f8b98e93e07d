import type { FieldIssue } from '../../protocol/envelope';
import { authed, type Handlers } from '../api/context';
import { conflict, invalid, notFound } from '../api/errors';
import { offsetOf } from '../db/list-query';
import { requireStation } from '../stations/scope';
import {
  OIL_START_GRACE_MS,
  lockStation,
  deletePending,
  saveAudited,
  type OilRow,
  oilCols,
  oilStatus,
  oilOut,
  oilStatusSql,
  loadOil,
  fourDecimals,
} from '../tariffs/store';

// Fuel (oil) price actions (docs/tariffs.md); shared helpers in tariffs-common.ts.
export const oilPricesHandlers: Handlers = {
  queryOilPriceList: async ({ stationId, status, page, length }, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, stationId);
    const db = ctx.services.db;
    const where = `station_id = $1${status ? ` AND ${oilStatusSql[status]}` : ' AND $2::timestamptz IS NOT NULL'}`;
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM oil_prices WHERE ${where}`, [stationId, ctx.now]);
    const rows = await db.query<OilRow>(`SELECT ${oilCols} FROM oil_prices WHERE ${where} ORDER BY start_time DESC, id DESC LIMIT $3 OFFSET $4`, [
      stationId,
      ctx.now,
      length,
      offsetOf(page, length),
    ]);
    return { totalCount: count?.n ?? 0, dataList: rows.map((r) => oilOut(r, ctx.now)) };
  },

  saveOilPrice: async (q, ctx) => {
    const { me, scope } = authed(ctx);
    requireStation(scope, q.stationId);
    const start = new Date(q.startTime);
    const end = new Date(q.endTime);
    const issues: FieldIssue[] = [];
    if (end.getTime() <= start.getTime()) issues.push({ path: 'endTime', issue: 'timeError' });
    if (start.getTime() < ctx.now.getTime() - OIL_START_GRACE_MS) issues.push({ path: 'startTime', issue: 'pastDate', limit: ctx.now.toISOString() });
    if (!fourDecimals(q.pricePerLitre)) issues.push({ path: 'pricePerLitre', issue: 'priceFormat' });
    if (!fourDecimals(q.kwhPerLitre)) issues.push({ path: 'kwhPerLitre', issue: 'priceFormat' });
    const oilPriceId = await saveAudited(ctx, me.accountId, 'oilPrice', q, q.oilPriceId, async (t) => {
      await lockStation(t, q.stationId);
      if (q.oilPriceId !== undefined) {
        const row = await loadOil(t, scope, q.oilPriceId, true);
        if (row.stationId !== q.stationId) notFound();
        if (oilStatus(row, ctx.now) !== 'pending') conflict('notPending');
      }
      if (issues.length > 0) invalid(issues);
      const [overlap] = await t.query<{ id: number; startTime: Date; endTime: Date }>(
        `SELECT id, start_time AS "startTime", end_time AS "endTime" FROM oil_prices
         WHERE station_id = $1 AND id <> $2 AND start_time < $4 AND end_time > $3 ORDER BY start_time LIMIT 1`,
        [q.stationId, q.oilPriceId ?? 0, start, end],
      );
      // the window that is in the way, so the form can say which one (half-open windows may touch)
      if (overlap) {
        conflict('overlap', {
          field: new Date(overlap.startTime) <= start ? 'startTime' : 'endTime',
          oilPriceId: overlap.id,
          startTime: new Date(overlap.startTime).toISOString(),
          endTime: new Date(overlap.endTime).toISOString(),
        });
      }
      let id: number;
      if (q.oilPriceId !== undefined) {
        await t.query('UPDATE oil_prices SET start_time = $2, end_time = $3, price_per_litre = $4, kwh_per_litre = $5 WHERE id = $1', [
          q.oilPriceId,
          start,
          end,
          q.pricePerLitre,
          q.kwhPerLitre,
        ]);
        id = q.oilPriceId;
      } else {
        const [ins] = await t.query<{ id: number }>(
          `INSERT INTO oil_prices(station_id, start_time, end_time, price_per_litre, kwh_per_litre, created_at)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [q.stationId, start, end, q.pricePerLitre, q.kwhPerLitre, ctx.now],
        );
        id = ins!.id;
      }
      return id;
    });
    return { oilPriceId };
  },

  deleteOilPrice: ({ oilPriceId }, ctx) =>
    deletePending(ctx, 'oilPrice', oilPriceId, {
      load: loadOil,
      pending: (row) => oilStatus(row, ctx.now) === 'pending',
      detail: (row) => ({
        stationId: row.stationId,
        startTime: new Date(row.startTime).toISOString(),
        endTime: new Date(row.endTime).toISOString(),
        pricePerLitre: Number(row.pricePerLitre),
        kwhPerLitre: Number(row.kwhPerLitre),
      }),
    }),
};
