// Time-of-use tariff lookup shared by the strategy (which periods to charge/discharge) and the
// energy accounting (prices). Tariff rows as in migration 002: seasons [{months, slots:[{start,
// end, period, fromGridPrice, feedInPrice}]}]; the one in force on a local date is the latest
// with effective_date ≤ that date.
import { minutesOf } from '../../protocol/actions/tariffs';
import type { Period } from '../../protocol/codes';
import type { TariffCharges } from '../../protocol/actions/tariff-charges';

export type { Period };
export interface TariffSlot {
  start: string;
  end: string;
  period: Period;
  fromGridPrice: number;
  feedInPrice: number;
}
export interface TariffSeason {
  months: number[];
  slots: TariffSlot[];
}
export interface Tariff {
  id: number;
  name: string;
  effectiveDate: string;
  seasons: TariffSeason[];
  /** the version's demand, capacity and fixed charges (absent or {}: energy prices only) */
  charges?: TariffCharges;
}

/** Tariffs sorted by effective date ascending → the one in force on `date` (YYYY-MM-DD). */
export const tariffInForce = (sorted: readonly Tariff[], date: string): Tariff | null => {
  let hit: Tariff | null = null;
  for (const t of sorted) if (t.effectiveDate <= date) hit = t;
  return hit;
};

/** The slot at local month and minute of day, or null (no tariff / gap). */
export const slotAt = (tariff: Tariff | null, monthNo: number, minutes: number): TariffSlot | null => {
  if (!tariff) return null;
  const season = tariff.seasons.find((s) => s.months.includes(monthNo)) ?? tariff.seasons[0];
  if (!season) return null;
  for (const s of season.slots) if (minutes >= minutesOf(s.start) && minutes < minutesOf(s.end)) return s;
  return null;
};
