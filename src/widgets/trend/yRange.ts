import uPlot from 'uplot';

/**
 * A y range at least a few thousandths of the values' size: a nearly flat series (SOC at 80.045 %)
 * would otherwise get ticks finer than the axis' three decimals, all labelled alike.
 */
export function yRange(_u: uPlot, min: number | null, max: number | null): uPlot.Range.MinMax {
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  const span = Math.max(Math.abs(min), Math.abs(max)) * 0.005;
  if (max - min >= span && max > min) return uPlot.rangeNum(min, max, 0.1, true);
  const mid = (min + max) / 2;
  const half = Math.max(span, 0.005) / 2;
  return uPlot.rangeNum(mid - half, mid + half, 0.1, true);
}
