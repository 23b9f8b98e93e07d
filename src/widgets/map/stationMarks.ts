// How a station or cluster is marked on the map, whichever layer draws it (deck.gl on a GPU, a 2D
// canvas under software WebGL): fill by status, a status glyph in a station's circle, a count in
// a cluster's, and the circle's size. Status is never colour alone: the glyph and the key under
// the map name it.
import type { MapPoint } from '../../../streams/home/cluster';

export type Rgb = [number, number, number];
export type Rgba = [number, number, number, number];

export const STATUS_RGB: Record<number, Rgb> = { 0: [19, 163, 122], 1: [245, 158, 11], 2: [220, 38, 38], 3: [148, 163, 184], 4: [59, 130, 246] };
/** the glyph drawn in a station's circle, per status (normal, alarm, fault, offline, not commissioned) */
export const STATUS_GLYPH: Record<number, string> = { 0: '✓', 1: '!', 2: '×', 3: '–', 4: '…' };
// white reads at 3:1 or more on green, red and blue; amber and grey take dark marks
const INK: Record<number, Rgba> = { 1: [15, 23, 42, 255], 3: [15, 23, 42, 255] };
export const inkOf = (status: number): Rgba => INK[status] ?? [255, 255, 255, 255];
export const fillOf = (p: MapPoint): Rgba => [...(STATUS_RGB[p.status] ?? STATUS_RGB[3]!), p.count > 1 ? 210 : 235];
export const glyphOf = (p: MapPoint): string => STATUS_GLYPH[p.status] ?? STATUS_GLYPH[3]!;
/** the circles' rim */
export const RIM: Rgba = [255, 255, 255, 230];
/** a dark rim keeps a cluster's number readable on the lighter fills (amber, grey) at wall scale */
export const COUNT_OUTLINE: Rgba = [15, 23, 42, 200];

/** Cluster count size in CSS px at scale 1 */
export const CLUSTER_FONT_PX = 12;

/** A circle's radius in px: a cluster's grows with its count, a station's with its power (at
 *  least 7 px, so its glyph is legible). */
export const radiusOf = (p: MapPoint, scale: number): number =>
  scale * (p.count > 1 ? 9 + Math.min(16, Math.log2(p.count) * 2.5) : 7 + Math.min(10, Math.sqrt(Math.max(0, p.power)) * 3));

/** a station's glyph size in px */
export const glyphPx = (p: MapPoint, scale: number): number => Math.round(radiusOf(p, scale) * 1.3);

/** What a pointer over the stations' layer found, at x/y on the map's canvas (CSS px). */
export interface StationPick {
  x: number;
  y: number;
  object: MapPoint | null;
}

/** The props every stations layer takes. */
export interface StationLayerProps {
  points: readonly MapPoint[];
  scale: number;
  onHover: (pick: StationPick) => void;
  onClick: (p: MapPoint) => void;
}
