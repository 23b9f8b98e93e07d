import { addMonthKey, dateKey } from '../../protocol/site-time';
import type { Queryable } from '../db/db';
import { loadPricing, type Pricing, type StationZone } from '../money';
import { ratchetReach } from '../money/months';
import { loadStoredIntervals, type StoredInterval } from './storage';

// What a station's month of demand is priced from: its pricing, its capacity, its peak alarm
// setting and the metered intervals from the ratchet's first month to now.

export interface PeakAlarmSetting {
  marginPct: number | null;
  targetKw: number | null;
}

export interface StationMonth {
  month: string;
  pricing: Pricing;
  station: { capacityKva: number | null };
  alarm: PeakAlarmSetting;
  intervals: StoredInterval[];
}

export const readStationMonth = async (db: Queryable, st: StationZone, now: number): Promise<StationMonth> => {
  const today = dateKey(st.timezone, now);
  const month = today.slice(0, 7);
  const [pricing, [row]] = await Promise.all([
    loadPricing({ db }, st.id, st.timezone),
    db.query<{ capacityKva: number | null; marginPct: number | null; targetKw: number | null }>(
      `SELECT capacity_kva::float8 AS "capacityKva", peak_alarm_pct::int AS "marginPct", peak_alarm_target_kw::float8 AS "targetKw" FROM stations WHERE id = $1`,
      [st.id],
    ),
  ]);
  const from = addMonthKey(month, -ratchetReach(pricing));
  const intervals = (await loadStoredIntervals(db, st, `${from}-01`, today)).filter((iv) => iv.bucket <= now);
  return {
    month,
    pricing,
    station: { capacityKva: row?.capacityKva ?? null },
    alarm: { marginPct: row?.marginPct ?? null, targetKw: row?.targetKw ?? null },
    intervals,
  };
};
