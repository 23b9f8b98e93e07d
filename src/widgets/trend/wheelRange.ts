import type uPlot from 'uplot';

/**
 * The x range a wheel event moves the chart to: Shift+wheel (or a sideways wheel) pans by 15 % of
 * the span per notch, the wheel zooms about the pointer by 1.3× per notch. Null when the scale is
 * not set yet or the zoom would go below 10 s.
 */
export function wheelRange(u: uPlot, e: WheelEvent): { min: number; max: number } | null {
  const min = u.scales.x?.min;
  const max = u.scales.x?.max;
  if (min === undefined || max === undefined) return null;
  const span = max - min;
  let nmin: number;
  let nmax: number;
  // steps of one notch (120 px): a busy page receives several notches coalesced into one
  // event, so the amount follows the delta rather than the number of events
  const px = e.deltaMode === 1 ? 40 : e.deltaMode === 2 ? 800 : 1;
  const notches = (d: number) => Math.max(-5, Math.min(5, (d * px) / 120));
  if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
    const d = notches(e.deltaY || e.deltaX) * span * 0.15;
    nmin = min + d;
    nmax = max + d;
  } else {
    const f = 1.3 ** notches(e.deltaY);
    const rect = u.over.getBoundingClientRect();
    const x = u.posToVal(e.clientX - rect.left, 'x');
    nmin = x - (x - min) * f;
    nmax = x + (max - x) * f;
    if (nmax - nmin < 10) return null;
  }
  return { min: nmin, max: nmax };
}
