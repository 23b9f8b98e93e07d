import { authed, type Handlers } from '../api/context';
import { audit } from '../api/audit';
import { conflict, invalid, notFound } from '../api/errors';
import { addDateDays, dateStart, formatWall } from '../../protocol/site-time';
import { isZone } from '../../protocol/zone';
import { providersFor } from '../stations/scope';
import { requireWholeProvider } from '../tariffs/store';
import { providerChange, withUniqueName } from '../tariffs/provider-records';
import { pricesFromCsv } from '../price-feeds/prices';
import { pullFeed } from '../price-feeds/pull';
import { feedCols, feedOut, loadFeed, storePrices, tariffsNaming, type FeedRow } from '../price-feeds/store';

// Price feed actions (docs/tariffs.md, "Dynamic prices"). Feeds are provider-wide like tariff
// templates: reading needs a tariff-reading permission and the provider in scope; changing one
// needs tariff.edit and a provider-wide scope. Every write is audited.

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

const urlOk = (u: string): boolean => {
  try {
    return ['http:', 'https:'].includes(new URL(u).protocol);
  } catch {
    return false;
  }
};

export const priceFeedHandlers: Handlers = {
  queryPriceFeeds: async ({ orgId }, ctx) => {
    const { scope } = authed(ctx);
    const db = ctx.services.db;
    const rows = await db.query<FeedRow>(`SELECT ${feedCols} FROM price_feeds WHERE provider_id = ANY($1::int[]) ORDER BY name, id`, [
      providersFor(scope, orgId),
    ]);
    const naming = await tariffsNaming(
      db,
      rows.map((r) => r.feedId),
    );
    return rows.map((r) => feedOut(r, naming.get(r.feedId) ?? 0));
  },

  savePriceFeed: async (q, ctx) => {
    const { me, scope } = authed(ctx);
    requireWholeProvider(scope);
    const pullUrl = q.pullUrl || null;
    const pullTime = q.pullTime || null;
    const issues = [
      ...(isZone(q.timezone) ? [] : [{ path: 'timezone', issue: 'zoneInvalid' }]),
      ...(pullUrl && !urlOk(pullUrl) ? [{ path: 'pullUrl', issue: 'urlFormat' }] : []),
      ...(pullTime && !HHMM.test(pullTime) ? [{ path: 'pullTime', issue: 'timeError' }] : []),
      ...(pullTime && !pullUrl ? [{ path: 'pullTime', issue: 'pullTimeWithoutUrl' }] : []),
    ];
    if (issues.length) invalid(issues);
    if (q.feedId === undefined && q.orgId === undefined && scope.isRoot) invalid([{ path: 'orgId', issue: 'required' }]);
    if (q.feedId === undefined && q.orgId !== undefined && !scope.hasProvider(q.orgId)) notFound();
    const feedId = await ctx.services.db.tx(async (t) => {
      const id = await withUniqueName(async () => {
        if (q.feedId !== undefined) {
          const row = await loadFeed(t, scope, q.feedId, true);
          if (row.resolutionMinutes !== q.resolutionMinutes) {
            const [n] = await t.query<{ n: number }>('SELECT count(*)::int AS n FROM price_feed_prices WHERE feed_id = $1', [q.feedId]);
            if (n!.n > 0) conflict('resolutionInUse', { field: 'resolutionMinutes' });
          }
          await t.query(
            'UPDATE price_feeds SET name = $2, resolution_minutes = $3, timezone = $4, pull_url = $5, pull_time = $6, updated_at = $7 WHERE id = $1',
            [q.feedId, q.name, q.resolutionMinutes, q.timezone, pullUrl, pullTime, ctx.now],
          );
          return q.feedId;
        }
        const providerId = q.orgId ?? scope.providerIds()[0] ?? notFound();
        const [ins] = await t.query<{ id: number }>(
          `INSERT INTO price_feeds (provider_id, name, resolution_minutes, timezone, pull_url, pull_time, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
          [providerId, q.name, q.resolutionMinutes, q.timezone, pullUrl, pullTime, ctx.now],
        );
        return ins!.id;
      });
      await audit(t, ctx, me.accountId, 'savePriceFeed', `priceFeed:${id}`, { ...q, created: q.feedId === undefined });
      return id;
    });
    return { feedId };
  },

  deletePriceFeed: async ({ feedId }, ctx) => {
    await providerChange(ctx, async (t, scope, me) => {
      const row = await loadFeed(t, scope, feedId, true);
      const n = (await tariffsNaming(t, [feedId])).get(feedId) ?? 0;
      if (n > 0) conflict('feedInUse', { tariffs: n });
      await t.query('DELETE FROM price_feeds WHERE id = $1', [feedId]);
      await audit(t, ctx, me.accountId, 'deletePriceFeed', `priceFeed:${feedId}`, { orgId: row.providerId, name: row.name });
    });
    return null;
  },

  importPriceFeedCsv: async ({ feedId, csv }, ctx) =>
    providerChange(ctx, async (t, scope, me) => {
      const feed = await loadFeed(t, scope, feedId, true);
      const { prices, issues } = pricesFromCsv(csv, feed, ctx.now.getTime());
      // nothing is stored when any line fails; at most 50 issues travel back
      if (issues.length) invalid(issues.slice(0, 50));
      await storePrices(t, feedId, prices);
      const starts = prices.map((p) => p.start).sort((a, b) => a - b);
      const out = { stored: prices.length, firstStart: new Date(starts[0]!).toISOString(), lastStart: new Date(starts.at(-1)!).toISOString() };
      await audit(t, ctx, me.accountId, 'importPriceFeedCsv', `priceFeed:${feedId}`, out);
      return out;
    }),

  pullPriceFeed: async ({ feedId }, ctx) => {
    const { me, scope } = authed(ctx);
    requireWholeProvider(scope);
    const db = ctx.services.db;
    const feed = await loadFeed(db, scope, feedId);
    if (!feed.pullUrl) invalid([{ path: 'pullUrl', issue: 'required' }]);
    const o = await pullFeed({ db, clock: () => ctx.now.getTime(), log: ctx.log }, feed);
    await audit(db, ctx, me.accountId, 'pullPriceFeed', `priceFeed:${feedId}`, o);
    return { at: ctx.now.toISOString(), ...o };
  },

  queryPriceFeedDay: async ({ feedId, date }, ctx) => {
    const { scope } = authed(ctx);
    const db = ctx.services.db;
    const feed = await loadFeed(db, scope, feedId);
    const from = dateStart(feed.timezone, date);
    const to = dateStart(feed.timezone, addDateDays(date, 1));
    const rows = await db.query<{ start: number; importPrice: number; exportPrice: number }>(
      `SELECT (extract(epoch FROM start_time) * 1000)::float8 AS start, import_price::float8 AS "importPrice", export_price::float8 AS "exportPrice"
       FROM price_feed_prices WHERE feed_id = $1 AND start_time >= to_timestamp($2 / 1000.0) AND start_time < to_timestamp($3 / 1000.0) ORDER BY start_time`,
      [feedId, from, to],
    );
    return {
      feedId,
      date,
      timezone: feed.timezone,
      resolutionMinutes: feed.resolutionMinutes,
      intervals: Math.round((to - from) / (feed.resolutionMinutes * 60_000)),
      prices: rows.map((r) => ({
        start: new Date(r.start).toISOString(),
        local: formatWall(feed.timezone, r.start).slice(11, 16),
        importPrice: Number(r.importPrice),
        exportPrice: Number(r.exportPrice),
      })),
    };
  },
};
