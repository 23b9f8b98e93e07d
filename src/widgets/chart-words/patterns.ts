// Series told apart without colour: each series of a chart draws its line in a pattern of its
// own (solid, dashed, dotted, dash-dot, in series order), and its legend marker is a short piece
// of that same line, so the legend says which line is which in grey too.
import type uPlot from 'uplot';

const DASHES: readonly (readonly number[])[] = [[], [8, 4], [2, 3], [10, 3, 2, 3]];

/** the line dash (uPlot `dash`) of the series at `index` (0-based among the y series) */
export const dashOf = (index: number): number[] => [...DASHES[index % DASHES.length]!];

/** A CSS background drawing the pattern as a 3 px line across a legend marker. */
export function legendLine(index: number, color: string): string {
  const dash = DASHES[index % DASHES.length]!;
  if (dash.length === 0) return `linear-gradient(${color}, ${color}) center / 100% 3px no-repeat`;
  let at = 0;
  const stops = dash.map((len, k) => {
    const from = at;
    at += len;
    return `${k % 2 === 0 ? color : 'transparent'} ${from}px ${at}px`;
  });
  return `repeating-linear-gradient(90deg, ${stops.join(', ')}) center / 100% 3px no-repeat`;
}

/** uPlot legend markers drawing each y series' pattern in its colour (`colors` in y series order). */
export const legendMarkers = (colors: readonly string[]): uPlot.Legend.Markers => ({
  width: 0,
  fill: (_u, seriesIdx) => (seriesIdx === 0 ? 'transparent' : legendLine(seriesIdx - 1, colors[seriesIdx - 1] ?? '#64748b')),
});

/**
 * uPlot draws its legend as a table of one row per series with no header row: a layout table.
 * Said so, a screen reader reads "PV 12 kW" instead of announcing a table without headers; the
 * chart's words (its summary and data table) are where its figures are read.
 */
export function plainLegend(u: uPlot): void {
  u.root.querySelector('.u-legend')?.setAttribute('role', 'presentation');
}
