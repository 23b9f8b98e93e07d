// History for a trend, as the screen shows and exports it: the series of an answer, the points
// on screen, the CSV of them. The read itself is streams/station/history.ts.
import { toCsv } from '../../../../protocol/csv';
import type { History } from '../../../../streams/station/history';

export { history$, type History, type HistoryQuery, type HistoryState } from '../../../../streams/station/history';

/** The answer's series for the asked points, in their order (by name; by position if no name matches). */
export function seriesFor(result: History | null | undefined, points: readonly string[]): Array<History['series'][number] | undefined> {
  if (!result) return points.map(() => undefined);
  const byName = points.map((pt) => result.series.find((s) => s.point === pt));
  return byName.every((s) => s === undefined) && result.series.length === points.length ? points.map((_, k) => result.series[k]) : byName;
}

/** Points of `t`/`v` inside [from, to] (ms): what is on screen. */
export function visiblePoints(t: readonly number[], v: readonly (number | null)[], fromMs: number, toMs: number): Array<[number, number | null]> {
  const out: Array<[number, number | null]> = [];
  for (let i = 0; i < t.length; i++) {
    const x = t[i] as number;
    if (x >= fromMs && x <= toMs) out.push([x, v[i] ?? null]);
  }
  return out;
}

export interface CsvColumn {
  /** header, e.g. "p (kW)" or "PCS-1 p (kW)" */
  label: string;
  t: readonly number[];
  v: readonly (number | null)[];
}

/**
 * CSV of several series over the visible range: one row per instant that any series has on
 * screen (M4 keeps different instants per series), one column per series, empty where a series
 * has no sample at that instant. Rows = what is drawn, nothing interpolated.
 */
export function toCsvColumns(
  cols: readonly CsvColumn[],
  fromMs: number,
  toMs: number,
  timeZone: string,
  local: (ms: number) => string,
): { csv: string; rows: number } {
  const byTime = new Map<number, Array<number | null | undefined>>();
  cols.forEach((c, k) => {
    for (const [t, v] of visiblePoints(c.t, c.v, fromMs, toMs)) {
      let row = byTime.get(t);
      if (!row) byTime.set(t, (row = new Array<number | null | undefined>(cols.length)));
      row[k] = v;
    }
  });
  const times = [...byTime.keys()].sort((a, b) => a - b);
  const header = [`time (${timeZone})`, 'time (UTC)', ...cols.map((c) => c.label)];
  const rows = times.map((t) => {
    const row = byTime.get(t) ?? [];
    return [local(t), new Date(t).toISOString(), ...Array.from({ length: cols.length }, (_, k) => row[k])];
  });
  return { csv: toCsv(header, rows), rows: times.length };
}
