import { dateKey, minuteOfDay } from '../../protocol/site-time';
import { minutesOf } from '../../protocol/actions/tariffs';
import type { OncallTier } from './oncall-store';

// Which shift of a tier is in force at an instant, read on the schedule's clock: a shift names ISO
// weekdays and from–to; one whose `to` is not after its `from` runs past midnight, so its early
// hours belong to the weekday it started on ("Mon–Fri 18:00–08:00" covers Saturday 07:00).

/** ISO weekday (1 = Monday … 7 = Sunday) of a YYYY-MM-DD date. */
const isoWeekday = (date: string): number => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

type Shift = OncallTier['shifts'][number];

export const inShift = (s: Shift, zone: string, ms: number): boolean => {
  const day = isoWeekday(dateKey(zone, ms));
  const m = minuteOfDay(zone, ms);
  const from = minutesOf(s.from);
  const to = minutesOf(s.to);
  if (from < to) return s.days.includes(day) && m >= from && m < to;
  const yesterday = day === 1 ? 7 : day - 1;
  return (s.days.includes(day) && m >= from) || (s.days.includes(yesterday) && m < to);
};

/** The accounts and roles named by every shift of `tier` in force at `ms`. */
export const onShift = (tier: OncallTier, zone: string, ms: number): { accountIds: number[]; roleIds: number[] } => {
  const now = tier.shifts.filter((s) => inShift(s, zone, ms));
  return { accountIds: [...new Set(now.flatMap((s) => s.accountIds))], roleIds: [...new Set(now.flatMap((s) => s.roleIds))] };
};
