// A mouse drag over the map slides the canvases already drawn (a CSS transform, no redraw).
// Without a GPU (WebGL rasterized on the CPU) every MapLibre frame redraws the whole canvas, tens
// to hundreds of milliseconds, so redrawing on each pointer move makes a drag crawl, and even one
// redraw when the button is released is a frame several times longer than the slide's.
// The map draws a margin beyond the visible box on every side (StationMap's overscan), so a drag
// that ends within that margin leaves nothing blank: the canvases stay where the drag left them and
// the map's camera is moved to match later, once the pointer has rested (one redraw while nothing
// moves), or at once when a drag goes past the margin or before a zoom, which redraws anyway.
// While they stay slid, MapLibre and deck.gl read pointer positions from the canvas's own box
// (its transform included), so hovering, clicks and wheel zooms land on what is drawn.
// MapLibre still sees the button go down and up (clicks, and the click tolerance after a drag, keep
// working) but not the moves in between; its own mouse pan is off (it would pan by the distance
// between press and release on top of the slide) and so is inertia; touch pans stay its own.
import type { Map as MlMap } from 'maplibre-gl';
import { dragSnapshot } from './dragSnapshot';
import { softwareWebgl } from './softwareWebgl';

/** moves under this many px are a click, not a drag (MapLibre's own click tolerance) */
const CLICK_TOLERANCE = 3;
/** how long the pointer rests after a drag before the camera catches up with the slid canvases */
export const SETTLE_MS = 400;

export interface SlidingDrag {
  /** moves the camera to where the canvases were slid and clears the slide (one redraw) */
  settle(): void;
  remove(): void;
}

/** Installs the sliding drag on `map`, whose container overhangs `viewport` by its margin. */
export function slideWhileDragging(map: MlMap, viewport: HTMLElement): SlidingDrag {
  const root = map.getContainer();
  let from: { x: number; y: number } | null = null;
  // the slide kept from earlier drags, and the current drag's
  let ox = 0;
  let oy = 0;
  let dx = 0;
  let dy = 0;
  let sliding = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // without a GPU one opaque picture slides instead of the two WebGL canvases (dragSnapshot.ts)
  const snapshot = softwareWebgl() ? dragSnapshot(root) : null;
  const place = (x: number, y: number) =>
    root.querySelectorAll<HTMLCanvasElement>('canvas').forEach((c) => (c.style.transform = x || y ? `translate(${x}px, ${y}px)` : ''));
  // the canvases have drawn the settled camera: they show again in place of the picture
  let awaitingRedraw = false;
  const release = () => {
    awaitingRedraw = false;
    snapshot?.release();
  };
  /** the drawn margin beyond the visible box, per axis */
  const margin = () => {
    const r = root.getBoundingClientRect();
    const v = viewport.getBoundingClientRect();
    return { x: Math.max(0, (r.width - v.width) / 2), y: Math.max(0, (r.height - v.height) / 2) };
  };

  // the camera's padding is the margin, so its centre is the box's and it keeps the visible box,
  // not the whole canvas, within the world's bounds (the same view as without the margin)
  const pad = () => {
    const m = margin();
    map.setPadding({ left: m.x, right: m.x, top: m.y, bottom: m.y });
  };
  pad();
  map.on('resize', pad);

  const settle = () => {
    clearTimeout(timer);
    // back where it started: the canvases show what the picture shows
    if (!ox && !oy) return awaitingRedraw ? undefined : release();
    const { width, height } = root.getBoundingClientRect();
    // the new centre and the cleared transform reach the screen in the same frame
    map.jumpTo({ center: map.unproject([width / 2 - ox, height / 2 - oy]) });
    const held = snapshot?.shown ? snapshot.canvas.style.transform : '';
    ox = oy = 0;
    place(0, 0);
    // the picture stays where it was slid until the canvases have redrawn beneath it
    if (held && snapshot) {
      snapshot.canvas.style.transform = held;
      awaitingRedraw = true;
      map.once('idle', release);
    }
  };
  const onMove = (e: MouseEvent) => {
    if (!from) return;
    if ((e.buttons & 1) === 0) return onUp();
    e.stopPropagation();
    dx = e.clientX - from.x;
    dy = e.clientY - from.y;
    if (!sliding && Math.hypot(dx, dy) < CLICK_TOLERANCE) return;
    if (!sliding && snapshot && !snapshot.shown) snapshot.take();
    sliding = true;
    place(ox + dx, oy + dy);
  };
  const onUp = () => {
    window.removeEventListener('mousemove', onMove, true);
    window.removeEventListener('mouseup', onUp, true);
    if (from && sliding) {
      ox += dx;
      oy += dy;
      const m = margin();
      if (Math.abs(ox) > m.x || Math.abs(oy) > m.y) settle();
      else timer = setTimeout(settle, SETTLE_MS);
    }
    from = null;
    sliding = false;
  };
  const onDown = (e: MouseEvent) => {
    if (e.button !== 0) return;
    // a control (zoom buttons) acts around the camera's centre: bring it to the visible one first
    if ((e.target as Element).closest('.maplibregl-ctrl')) return settle();
    clearTimeout(timer);
    // a drag that starts before the settled camera has finished drawing takes a new picture
    if (awaitingRedraw) release();
    from = { x: e.clientX, y: e.clientY };
    dx = dy = 0;
    window.addEventListener('mousemove', onMove, true);
    window.addEventListener('mouseup', onUp, true);
  };
  // a zoom redraws anyway; settling first keeps the zoom about the visible centre and margin
  const onZoomInput = () => settle();
  // DragPanHandler has no public switch for the mouse half alone; touch pans keep theirs
  const mousePan = (map.dragPan as unknown as { _mousePan?: { enable(): void; disable(): void } })._mousePan;
  mousePan?.disable();
  const canvasBox = map.getCanvasContainer();
  root.addEventListener('mousedown', onDown, true);
  canvasBox.addEventListener('wheel', onZoomInput, true);
  canvasBox.addEventListener('dblclick', onZoomInput, true);
  canvasBox.addEventListener('touchstart', onZoomInput, true);
  return {
    settle,
    remove: () => {
      root.removeEventListener('mousedown', onDown, true);
      canvasBox.removeEventListener('wheel', onZoomInput, true);
      canvasBox.removeEventListener('dblclick', onZoomInput, true);
      canvasBox.removeEventListener('touchstart', onZoomInput, true);
      clearTimeout(timer);
      onUp();
      map.off('idle', release);
      snapshot?.remove();
      mousePan?.enable();
      map.off('resize', pad);
    },
  };
}
