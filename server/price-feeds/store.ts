import type { z } from 'zod';
import type { priceFeed } from '../../protocol/actions/price-feeds';
import type { Scope } from '../auth/scope';
import type { Queryable } from '../db/db';
import { notFound } from '../api/errors';
import type { FeedPrice } from './prices';

// Price feeds and their interval prices (migration 036, docs/tariffs.md "Dynamic prices"). A feed
// belongs to a service provider; one outside the caller's scope answers notFound like a missing id.

export type FeedOut = z.input<typeof priceFeed>;

export interface FeedRow {
  feedId: number;
  providerId: number;
  name: string;
  resolutionMinutes: 15 | 60;
  timezone: string;
  pullUrl: string | null;
  pullTime: string | null;
  lastPullAt: Date | null;
  lastPullError: PullOutcome['error'];
  lastPullDetail: string | null;
  lastPullStored: number | null;
  lastPullStarted: number | null;
  updatedAt: Date;
}

export const feedCols = `id AS "feedId", provider_id AS "providerId", name, resolution_minutes AS "resolutionMinutes", timezone, pull_url AS "pullUrl",
  pull_time AS "pullTime", last_pull_at AS "lastPullAt", last_pull_error AS "lastPullError", last_pull_detail AS "lastPullDetail",
  last_pull_stored AS "lastPullStored", last_pull_started AS "lastPullStarted", updated_at AS "updatedAt"`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export const feedOut = (r: FeedRow, tariffs: number): FeedOut => ({
  feedId: r.feedId,
  serviceProviderId: r.providerId,
  name: r.name,
  resolutionMinutes: r.resolutionMinutes,
  timezone: r.timezone,
  pullUrl: r.pullUrl,
  pullTime: r.pullTime,
  lastPull: r.lastPullAt
    ? { at: iso(r.lastPullAt)!, error: r.lastPullError, detail: r.lastPullDetail, stored: r.lastPullStored ?? 0, started: r.lastPullStarted ?? 0 }
    : null,
  tariffs,
  updatedAt: iso(r.updatedAt)!,
});

export const loadFeed = async (q: Queryable, scope: Scope, feedId: number, lock = false): Promise<FeedRow> => {
  const [row] = await q.query<FeedRow>(`SELECT ${feedCols} FROM price_feeds WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [feedId]);
  if (!row || !scope.hasProvider(row.providerId)) return notFound();
  return row;
};

/** How many tariff versions name each feed. */
export const tariffsNaming = async (q: Queryable, feedIds: readonly number[]): Promise<Map<number, number>> => {
  const rows = await q.query<{ feedId: number; n: number }>(
    `SELECT (charges->'dynamic'->>'feedId')::int AS "feedId", count(*)::int AS n FROM tariffs
     WHERE charges->'dynamic' IS NOT NULL AND (charges->'dynamic'->>'feedId')::int = ANY($1::int[]) GROUP BY 1`,
    [feedIds],
  );
  return new Map(rows.map((r) => [r.feedId, r.n]));
};

/** Writes prices, replacing a stored price of the same interval (every one of them is still to come). */
export const storePrices = async (q: Queryable, feedId: number, prices: readonly FeedPrice[]): Promise<void> => {
  if (!prices.length) return;
  await q.query(
    `INSERT INTO price_feed_prices (feed_id, start_time, import_price, export_price)
     SELECT $1, to_timestamp(s / 1000.0), i, e FROM unnest($2::float8[], $3::float8[], $4::float8[]) AS x(s, i, e)
     ON CONFLICT (feed_id, start_time) DO UPDATE SET import_price = EXCLUDED.import_price, export_price = EXCLUDED.export_price`,
    [feedId, prices.map((p) => p.start), prices.map((p) => p.importPrice), prices.map((p) => p.exportPrice)],
  );
};

export interface PullOutcome {
  error: 'http' | 'network' | 'json' | 'invalid' | null;
  detail: string | null;
  stored: number;
  started: number;
}

export const recordPull = (q: Queryable, feedId: number, at: number, o: PullOutcome) =>
  q.query(
    'UPDATE price_feeds SET last_pull_at = to_timestamp($2 / 1000.0), last_pull_error = $3, last_pull_detail = $4, last_pull_stored = $5, last_pull_started = $6 WHERE id = $1',
    [feedId, at, o.error, o.detail, o.stored, o.started],
  );
