import type { AlignedData } from 'uplot';
import { gather, lodIndices, type LodIndex } from './lod';

/** The data to hand uPlot for [min, max] at `px` CSS pixels: M4 per 2 px when it is denser. */
export function viewOf(full: AlignedData, ix: LodIndex | null, min: number, max: number, px: number): AlignedData {
  if (!ix) return full;
  const idx = lodIndices(ix, min, max, Math.max(50, Math.floor(px / 2)));
  return idx ? (gather(ix, idx) as AlignedData) : full;
}
