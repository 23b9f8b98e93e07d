// A mouse drag over the map slides the canvases already drawn (a CSS transform, no redraw) and
// moves the map once, when the button is released. Without a GPU (WebGL rasterized on the CPU)
// every MapLibre frame redraws the whole canvas, hundreds of milliseconds at wall-screen sizes,
// so redrawing on each pointer move makes a drag crawl; sliding costs a composite per frame.
// MapLibre still sees the button go down and up (clicks, and the click tolerance after a drag, keep
// working) but not the moves in between, so it neither pans nor runs inertia; touch stays its own.
import type { Map as MlMap } from 'maplibre-gl';

/** moves under this many px are a click, not a drag (MapLibre's own click tolerance) */
const CLICK_TOLERANCE = 3;

/** Installs the sliding drag on `map`; returns its removal. */
export function slideWhileDragging(map: MlMap): () => void {
  const root = map.getContainer();
  let from: { x: number; y: number } | null = null;
  let dx = 0;
  let dy = 0;
  let sliding = false;
  const canvases = () => root.querySelectorAll<HTMLCanvasElement>('canvas');
  const place = (t: string) => canvases().forEach((c) => (c.style.transform = t));

  const onMove = (e: MouseEvent) => {
    if (!from) return;
    if ((e.buttons & 1) === 0) return onUp();
    e.stopPropagation();
    dx = e.clientX - from.x;
    dy = e.clientY - from.y;
    if (!sliding && Math.hypot(dx, dy) < CLICK_TOLERANCE) return;
    sliding = true;
    place(`translate(${dx}px, ${dy}px)`);
  };
  const onUp = () => {
    window.removeEventListener('mousemove', onMove, true);
    window.removeEventListener('mouseup', onUp, true);
    if (from && sliding) {
      const { width, height } = root.getBoundingClientRect();
      // the new centre and the cleared transform reach the screen in the same frame
      map.jumpTo({ center: map.unproject([width / 2 - dx, height / 2 - dy]) });
      place('');
    }
    from = null;
    sliding = false;
  };
  const onDown = (e: MouseEvent) => {
    if (e.button !== 0 || (e.target as Element).closest('.maplibregl-ctrl')) return;
    from = { x: e.clientX, y: e.clientY };
    dx = dy = 0;
    window.addEventListener('mousemove', onMove, true);
    window.addEventListener('mouseup', onUp, true);
  };
  const canvasBox = map.getCanvasContainer();
  canvasBox.addEventListener('mousedown', onDown, true);
  return () => {
    canvasBox.removeEventListener('mousedown', onDown, true);
    onUp();
  };
}
