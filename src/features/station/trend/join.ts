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
