// Under a software renderer the compositor draws every layer of the screen on the CPU each frame,
// in proportion to its pixels. The map is two WebGL canvases (MapLibre's and deck.gl's, the
// second transparent over the first), each drawn at half resolution and scaled up, over the
// page's own background: three full-screen layers blended per frame of a drag. While a drag
// slides the map (slideDrag.ts), one opaque 2D canvas at the screen's resolution holding both
// pictures stands in for them, so each frame of the slide is a single unscaled copy. It is taken
// once per drag (one readback of the two canvases when the drag starts) and handed back to the
// WebGL canvases once they have redrawn at the new camera.

export interface DragSnapshot {
  /** draws what the canvases show into the stand-in and shows it instead of them */
  take(): void;
  readonly shown: boolean;
  /** shows the WebGL canvases again (they have redrawn) and hides the stand-in */
  release(): void;
  /** the stand-in itself, to be slid with the canvases */
  readonly canvas: HTMLCanvasElement;
  remove(): void;
}

export function dragSnapshot(root: HTMLElement): DragSnapshot {
  const snap = document.createElement('canvas');
  snap.dataset.testid = 'map-drag-snapshot';
  snap.style.cssText = 'position:absolute;left:0;top:0;width:100%;height:100%;pointer-events:none;display:none;will-change:transform';
  root.append(snap);
  const drawn = () => [...root.querySelectorAll<HTMLCanvasElement>('canvas')].filter((c) => c !== snap);
  let shown = false;
  return {
    canvas: snap,
    get shown() {
      return shown;
    },
    take() {
      const { width, height } = root.getBoundingClientRect();
      const w = Math.max(1, Math.round(width));
      const h = Math.max(1, Math.round(height));
      if (snap.width !== w || snap.height !== h) {
        snap.width = w;
        snap.height = h;
      }
      // opaque: the compositor then skips whatever lies beneath it
      const ctx = snap.getContext('2d', { alpha: false });
      if (!ctx) return;
      ctx.fillStyle = getComputedStyle(root.parentElement ?? root).backgroundColor || '#ffffff';
      ctx.fillRect(0, 0, w, h);
      const canvases = drawn();
      for (const c of canvases) ctx.drawImage(c, 0, 0, w, h);
      snap.style.transform = canvases[0]?.style.transform ?? '';
      snap.style.display = 'block';
      for (const c of canvases) c.style.visibility = 'hidden';
      shown = true;
    },
    release() {
      if (!shown) return;
      for (const c of drawn()) c.style.visibility = '';
      snap.style.display = 'none';
      snap.style.transform = '';
      shown = false;
    },
    remove() {
      snap.remove();
      for (const c of drawn()) c.style.visibility = '';
    },
  };
}
