// Series with their own time stamps (M4 keeps different instants per series) onto one x axis for
// uPlot: the union of times, each series null where it has no sample (drawn with spanGaps).
import type { AlignedData } from 'uplot';

export function joinSeries(series: ReadonlyArray<{ t: readonly number[]; v: readonly (number | null)[] }>): AlignedData {
  const all = new Set<number>();
  for (const s of series) for (const x of s.t) all.add(x);
  const xs = Float64Array.from(all).sort();
  const index = new Map<number, number>();
  xs.forEach((x, i) => index.set(x, i));
  const ys = series.map((s) => {
    const out: (number | null)[] = new Array<number | null>(xs.length).fill(null);
    s.t.forEach((x, i) => {
      out[index.get(x) as number] = s.v[i] ?? null;
    });
    return out;
  });
  return [xs.map((x) => x / 1000), ...ys];
}

/** ms of the start of the local day containing `now` in `timeZone`. */
export function localDayStart(now: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(now));
  const g = (k: string) => Number(parts.find((p) => p.type === k)?.value ?? 0);
  return now - ((g('hour') * 60 + g('minute')) * 60 + g('second')) * 1000 - (now % 1000);
}
