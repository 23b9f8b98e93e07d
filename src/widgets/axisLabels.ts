// Value-axis labels for uPlot: numbers grouped by locale (40,000) and an axis as wide as its
// widest label, so large values are never clipped at the chart's left edge.
import type uPlot from 'uplot';
import { numberFormat } from '../lib/numberFormat';

/** The axis font (uPlot's default face); labels are measured in the same font they are drawn. */
export const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';
const TICK_PX = 10;
const GAP_PX = 5;
const PAD_PX = 4;

export function groupedNumber(locale: string): (v: number) => string {
  const f = numberFormat(2, locale);
  return (v) => f.format(v);
}

/** Width in CSS pixels the axis needs: tick, gap, the widest label and a little air. */
export function axisWidth(measure: (text: string) => number, labels: readonly string[]): number {
  const widest = labels.reduce((w, s) => Math.max(w, measure(s)), 0);
  return Math.ceil(TICK_PX + GAP_PX + widest + PAD_PX);
}

/** uPlot `size` for a value axis, measured on the chart's own canvas. */
export const fitToLabels: uPlot.Axis.Size = (u, values) => {
  const ctx = u.ctx;
  ctx.save();
  ctx.font = AXIS_FONT;
  const width = axisWidth((s) => ctx.measureText(s).width, values ?? []);
  ctx.restore();
  return width;
};

export const AXIS_TICKS = { size: TICK_PX } as const;
export const AXIS_GAP = GAP_PX;
