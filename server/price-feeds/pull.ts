import type { Db, Queryable } from '../db/db';
import { dateKey, minuteOfDay, wallTimeMs } from '../../protocol/site-time';
import { minutesOf } from '../../protocol/actions/tariffs';
import { pricesFromJson } from './prices';
import { feedCols, recordPull, storePrices, type FeedRow, type PullOutcome } from './store';

// Pulling a feed's prices from its URL (docs/tariffs.md, "Dynamic prices"): on demand, and every
// day at the feed's pull time on its own clock. The outcome (prices stored, intervals left out
// because they had begun, or what failed) is recorded on the feed, where the console shows it,
// and logged.

export interface PullDeps {
  db: Db;
  clock: () => number;
  log: { info(o: object, msg: string): void; warn(o: object, msg: string): void };
  fetch?: typeof fetch;
}

const TIMEOUT_MS = 15_000;
const MAX_BYTES = 5_000_000;

const fetchDoc = async (deps: PullDeps, url: string): Promise<{ doc: unknown } | PullOutcome> => {
  const fail = (error: PullOutcome['error'], detail: string): PullOutcome => ({ error, detail: detail.slice(0, 300), stored: 0, started: 0 });
  let res: Response;
  try {
    res = await (deps.fetch ?? fetch)(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch (e) {
    return fail('network', e instanceof Error ? e.message : String(e));
  }
  if (!res.ok) return fail('http', String(res.status));
  const text = await res.text();
  if (text.length > MAX_BYTES) return fail('json', 'tooLarge');
  try {
    return { doc: JSON.parse(text) };
  } catch {
    return fail('json', 'notJson');
  }
};

/** Pulls one feed now: stores the prices of intervals still to come, records and answers the outcome. */
export const pullFeed = async (deps: PullDeps, feed: FeedRow): Promise<PullOutcome> => {
  const now = deps.clock();
  let outcome: PullOutcome;
  if (!feed.pullUrl) outcome = { error: 'network', detail: 'noUrl', stored: 0, started: 0 };
  else {
    const got = await fetchDoc(deps, feed.pullUrl);
    if (!('doc' in got)) outcome = got;
    else {
      const { prices, issues, started } = pricesFromJson(got.doc, feed, now);
      const first = issues[0];
      outcome = first
        ? { error: 'invalid', detail: `${first.path} ${first.issue}`, stored: 0, started }
        : { error: null, detail: null, stored: prices.length, started };
      if (!first) await deps.db.tx((t) => storePrices(t, feed.feedId, prices));
    }
  }
  await recordPull(deps.db, feed.feedId, now, outcome);
  if (outcome.error) deps.log.warn({ feedId: feed.feedId, ...outcome }, 'price feed pull failed');
  else deps.log.info({ feedId: feed.feedId, stored: outcome.stored, started: outcome.started }, 'price feed pulled');
  return outcome;
};

/** Feeds whose daily pull time has passed today on their clock and that have not been pulled since. */
export const dueFeeds = async (db: Queryable, now: number): Promise<FeedRow[]> => {
  const rows = await db.query<FeedRow>(`SELECT ${feedCols} FROM price_feeds WHERE pull_url IS NOT NULL AND pull_time IS NOT NULL`);
  return rows.filter((f) => {
    const at = minutesOf(f.pullTime!);
    if (minuteOfDay(f.timezone, now) < at) return false;
    const due = wallTimeMs(f.timezone, dateKey(f.timezone, now), at);
    return !f.lastPullAt || new Date(f.lastPullAt).getTime() < due;
  });
};

/** Checks every minute for feeds due (on the leading replica only); answers a stop function. */
export const startFeedPuller = (deps: PullDeps, leads: () => boolean = () => true): (() => void) => {
  let busy = false;
  const tick = async () => {
    if (busy || !leads()) return;
    busy = true;
    try {
      for (const f of await dueFeeds(deps.db, deps.clock())) await pullFeed(deps, f);
    } catch (e) {
      deps.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'price feed puller');
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), 60_000);
  timer.unref();
  return () => clearInterval(timer);
};
