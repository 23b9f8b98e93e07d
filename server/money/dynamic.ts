import type { FeedPrices, QuarterPrice, Tariff } from './types';

// Dynamic interval prices as pricing reads them (docs/tariffs.md, "Dynamic prices"). A feed
// publishes a price per 15 or 60 minutes; metered energy comes in quarters, so each price is
// entered at every quarter it covers and an interval finds its price with one map look-up.

const QUARTER = 900_000;

export interface FeedPriceRow {
  feedId: number;
  /** epoch ms of the price's first instant */
  start: number;
  resolutionMinutes: number;
  importPrice: number;
  exportPrice: number;
}

/** The feeds' prices by feed id, each price entered at the quarters it covers. */
export const feedQuarters = (rows: readonly FeedPriceRow[]): Map<number, FeedPrices> => {
  const out = new Map<number, Map<number, QuarterPrice>>();
  for (const r of rows) {
    const feed = out.get(r.feedId) ?? out.set(r.feedId, new Map()).get(r.feedId)!;
    const price: QuarterPrice = [Number(r.importPrice), Number(r.exportPrice)];
    for (let k = 0; k < r.resolutionMinutes / 15; k++) feed.set(r.start + k * QUARTER, price);
  }
  return out;
};

/** The feeds named by any of the versions. */
export const feedIdsOf = (tariffs: readonly Tariff[]): number[] => [...new Set(tariffs.flatMap((t) => (t.charges?.dynamic ? [t.charges.dynamic.feedId] : [])))];
