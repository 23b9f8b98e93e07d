// What the map draws for its points: a circle coloured by status and sized by power (a
// cluster's by its count), a cluster's count, and a station's status glyph in its circle.
import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import type { MapPoint } from '../../../streams/home/cluster';

type Rgb = [number, number, number];
type Rgba = [number, number, number, number];

export const RGB: Record<number, Rgb> = { 0: [19, 163, 122], 1: [245, 158, 11], 2: [220, 38, 38], 3: [148, 163, 184], 4: [59, 130, 246] };
/** the glyph drawn in a station's circle, per status (normal, alarm, fault, offline, not commissioned) */
export const STATUS_GLYPH: Record<number, string> = { 0: '✓', 1: '!', 2: '×', 3: '–', 4: '…' };
// white reads at 3:1 or more on green, red and blue; amber and grey take dark marks
const INK: Record<number, Rgba> = { 1: [15, 23, 42, 255], 3: [15, 23, 42, 255] };
export const inkOf = (status: number): Rgba => INK[status] ?? [255, 255, 255, 255];

/** Cluster count size in CSS px at scale 1 */
export const CLUSTER_FONT_PX = 12;

/** A circle's radius in px: a cluster's grows with its count, a station's with its power (at
 *  least 7 px, so its glyph is legible). */
const radiusOf = (p: MapPoint, scale: number): number =>
  scale * (p.count > 1 ? 9 + Math.min(16, Math.log2(p.count) * 2.5) : 7 + Math.min(10, Math.sqrt(Math.max(0, p.power)) * 3));

/** The deck.gl layers for the points at a scale (the wall passes its own, see StationMap). */
export function stationLayers(points: MapPoint[], scale: number) {
  return [
    new ScatterplotLayer<MapPoint>({
      id: 'stations',
      data: points,
      pickable: true,
      getPosition: (p) => [p.lon, p.lat],
      getRadius: (p) => radiusOf(p, scale),
      updateTriggers: { getRadius: scale },
      radiusUnits: 'pixels',
      getFillColor: (p) => [...(RGB[p.status] ?? RGB[3]!), p.count > 1 ? 210 : 235] as Rgba,
      getLineColor: [255, 255, 255, 230],
      lineWidthMinPixels: 1.5 * scale,
      stroked: true,
    }),
    new TextLayer<MapPoint>({
      id: 'cluster-counts',
      data: points.filter((p) => p.count > 1),
      getPosition: (p) => [p.lon, p.lat],
      getText: (p) => String(p.count),
      getSize: CLUSTER_FONT_PX * scale,
      getColor: (p) => inkOf(p.status),
      updateTriggers: { getColor: points },
      fontWeight: 700,
      // a dark rim keeps the number readable on the lighter fills (amber, grey)
      outlineWidth: scale > 1 ? 2 : 0,
      outlineColor: [15, 23, 42, 200],
      fontSettings: scale > 1 ? { sdf: true } : {},
      characterSet: '0123456789',
    }),
    new TextLayer<MapPoint>({
      id: 'station-glyphs',
      data: points.filter((p) => p.count === 1),
      getPosition: (p) => [p.lon, p.lat],
      getText: (p) => STATUS_GLYPH[p.status] ?? STATUS_GLYPH[3]!,
      getSize: (p) => Math.round(radiusOf(p, scale) * 1.3),
      getColor: (p) => inkOf(p.status),
      updateTriggers: { getSize: scale, getColor: points },
      fontWeight: 700,
      characterSet: Object.values(STATUS_GLYPH).join(''),
    }),
  ];
}
