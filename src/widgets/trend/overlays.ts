// What the trend chart draws over and behind its series: vertical marks (alarms, strategy
// issuance) and coloured stretches of the time axis (tariff periods), in uPlot's canvas.
import type uPlot from 'uplot';

/** A vertical mark on the time axis (alarms, strategy issuance, tariff-period changes). */
export interface TrendMarker {
  /** seconds */
  t: number;
  color: string;
  label: string;
  /** solid line with a flag at the top (issuance); dashed otherwise (alarms) */
  solid?: boolean;
}

/** A coloured stretch of the time axis (a tariff period), drawn behind the series. */
export interface TrendBand {
  /** seconds */
  from: number;
  to: number;
  color: string;
  label: string;
}

/** Bands: a faint tint over the plot's height and a solid strip along the time axis. Returns how many are on screen. */
export function drawBands(u: uPlot, bands: readonly TrendBand[]): number {
  if (bands.length === 0) return 0;
  const { ctx, bbox } = u;
  const strip = Math.round(6 * devicePixelRatio);
  let n = 0;
  ctx.save();
  for (const b of bands) {
    const x0 = Math.max(bbox.left, u.valToPos(b.from, 'x', true));
    const x1 = Math.min(bbox.left + bbox.width, u.valToPos(b.to, 'x', true));
    if (!(x1 > x0)) continue;
    n += 1;
    ctx.fillStyle = b.color;
    ctx.globalAlpha = 0.1;
    ctx.fillRect(x0, bbox.top, x1 - x0, bbox.height);
    ctx.globalAlpha = 0.85;
    ctx.fillRect(x0, bbox.top + bbox.height - strip, x1 - x0, strip);
  }
  ctx.restore();
  return n;
}

/** Markers over the plot area. Returns how many are on screen. */
export function drawMarkers(u: uPlot, ms: readonly TrendMarker[]): number {
  if (ms.length === 0) return 0;
  const { ctx, bbox } = u;
  const dpr = devicePixelRatio;
  let n = 0;
  ctx.save();
  ctx.lineWidth = dpr;
  for (const m of ms) {
    const x = Math.round(u.valToPos(m.t, 'x', true));
    if (x < bbox.left || x > bbox.left + bbox.width) continue;
    n += 1;
    ctx.strokeStyle = m.color;
    ctx.setLineDash(m.solid ? [] : [4 * dpr, 3 * dpr]);
    ctx.lineWidth = m.solid ? 1.5 * dpr : dpr;
    ctx.beginPath();
    ctx.moveTo(x, bbox.top);
    ctx.lineTo(x, bbox.top + bbox.height);
    ctx.stroke();
    if (m.solid) {
      // a small flag at the top so issuance reads apart from alarms
      ctx.fillStyle = m.color;
      ctx.beginPath();
      ctx.moveTo(x, bbox.top);
      ctx.lineTo(x + 8 * dpr, bbox.top + 4 * dpr);
      ctx.lineTo(x, bbox.top + 8 * dpr);
      ctx.closePath();
      ctx.fill();
    }
  }
  ctx.restore();
  return n;
}
