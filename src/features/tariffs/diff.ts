// What changed from one tariff to the one that replaced it: for each group of months that saw
// the same change, the stretches of the day whose period or prices differ, before and after.
// Seasons may be cut differently in the two tariffs, so the comparison runs month by month and
// minute range by minute range, between the edges of both.
import { minutesOf } from '../../../protocol/actions/tariffs';
import type { WireSeasons } from './draft';

type WireSlot = WireSeasons[number]['slots'][number];
export interface Priced {
  period: string;
  fromGridPrice: number;
  feedInPrice: number;
}
export interface RangeChange {
  start: string;
  end: string;
  before: Priced | null;
  after: Priced | null;
}
export interface MonthsChange {
  months: number[];
  ranges: RangeChange[];
}

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const slotsOf = (seasons: WireSeasons, month: number): WireSlot[] => seasons.find((s) => s.months.includes(month))?.slots ?? [];
const at = (slots: readonly WireSlot[], minute: number): Priced | null => {
  const s = slots.find((x) => minutesOf(x.start) <= minute && minute < minutesOf(x.end));
  return s ? { period: s.period, fromGridPrice: s.fromGridPrice, feedInPrice: s.feedInPrice } : null;
};
const same = (a: Priced | null, b: Priced | null) =>
  a === b || (!!a && !!b && a.period === b.period && a.fromGridPrice === b.fromGridPrice && a.feedInPrice === b.feedInPrice);

function monthRanges(before: readonly WireSlot[], after: readonly WireSlot[]): RangeChange[] {
  const edges = [...new Set([0, 1440, ...[...before, ...after].flatMap((s) => [minutesOf(s.start), minutesOf(s.end)])])].sort((a, b) => a - b);
  const out: RangeChange[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const [from, to] = [edges[i]!, edges[i + 1]!];
    const b = at(before, from);
    const a = at(after, from);
    if (same(a, b)) continue;
    const last = out.at(-1);
    if (last && last.end === hhmm(from) && same(last.before, b) && same(last.after, a)) last.end = hhmm(to);
    else out.push({ start: hhmm(from), end: hhmm(to), before: b, after: a });
  }
  return out;
}

/** Changes from `before` to `after`, months with the same change grouped; [] when none. */
export function tariffDiff(before: WireSeasons, after: WireSeasons): MonthsChange[] {
  const groups = new Map<string, MonthsChange>();
  for (let month = 1; month <= 12; month++) {
    const ranges = monthRanges(slotsOf(before, month), slotsOf(after, month));
    if (ranges.length === 0) continue;
    const key = JSON.stringify(ranges);
    const g = groups.get(key);
    if (g) g.months.push(month);
    else groups.set(key, { months: [month], ranges });
  }
  return [...groups.values()];
}
