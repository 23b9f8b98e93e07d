// In-page timing shared by every bench view. Frame figures are rAF intervals with Chromium's
// frame-rate limit off (bench/browser.ts): the time one frame costs, not a count of vsyncs.

/** Resolves after the next frame has been produced (rAF, then the task that follows its rendering). */
export const afterPaint = (): Promise<void> =>
  new Promise((res) =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => res();
      ch.port2.postMessage(0);
    }),
  );

/** Resolves when `read()` turns true, checked on every attribute change under `root`. */
export function whenAttr(root: Element, read: () => boolean, timeoutMs = 60_000): Promise<void> {
  if (read()) return Promise.resolve();
  return new Promise((res, rej) => {
    const timer = setTimeout(() => (mo.disconnect(), rej(new Error('timed out waiting for a draw'))), timeoutMs);
    const mo = new MutationObserver(() => {
      if (!read()) return;
      mo.disconnect();
      clearTimeout(timer);
      res();
    });
    mo.observe(root, { attributes: true, subtree: true, childList: true });
  });
}

/**
 * Frame intervals of a drag path over `el`: four strokes (left, right, left, right, each with a
 * little vertical drift that the next stroke undoes, so repeated paths stay over the stations) of
 * `steps` pointer moves, one per frame, the button released between strokes and `settle` frames
 * counted after each release, so whatever an engine does at the end of a pan (re-clustering,
 * redrawing its layers, inertia) is in the figures too. The same path on every map.
 */
export function dragFrames(el: Element, steps = 10, settle = 4): Promise<number[]> {
  const r = el.getBoundingClientRect();
  let x = r.left + r.width * 0.6;
  let y = r.top + r.height / 2;
  const ev = (type: string, buttons: number) =>
    new MouseEvent(type, { clientX: x, clientY: y, screenX: x, screenY: y, button: 0, buttons, bubbles: true, cancelable: true, view: window });
  const legs = [
    [-12, 2],
    [12, -2],
    [-12, -2],
    [12, 2],
  ] as const;
  const per = steps + settle;
  const frames: number[] = [];
  // A frame that changes nothing on screen is not produced back to back but waits for the 60 Hz
  // idle timer (~17 ms whatever the page costs), which would put a floor under both engines'
  // frames after a release. One pixel that changes every frame keeps every interval a frame's cost.
  const ticker = document.createElement('div');
  ticker.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;z-index:9999;pointer-events:none';
  document.body.append(ticker);
  return new Promise((res) => {
    let last = performance.now();
    let i = 0;
    const tick = (t: number) => {
      frames.push(t - last);
      last = t;
      ticker.style.background = i % 2 ? '#000' : '#fff';
      const [dx, dy] = legs[Math.floor(i / per)]!;
      const k = i % per;
      if (k === 0) el.dispatchEvent(ev('mousedown', 1));
      if (k < steps) {
        x += dx;
        y += dy;
        el.dispatchEvent(ev('mousemove', 1));
      }
      if (k === steps - 1) el.dispatchEvent(ev('mouseup', 0));
      if (++i < legs.length * per) requestAnimationFrame(tick);
      else {
        ticker.remove();
        res(frames.slice(1));
      }
    };
    requestAnimationFrame(tick);
  });
}

/** Frame intervals of a scroll of `el`, one `stepPx` step per frame, `passes` passes from the top. */
export async function scrollFrames(el: Element, passes = 2, steps = 200, stepPx = 120): Promise<number[]> {
  const all: number[] = [];
  for (let p = 0; p < passes; p++) {
    el.scrollTop = 0;
    await afterPaint();
    const f = await new Promise<number[]>((res) => {
      const out: number[] = [];
      let last = performance.now();
      let i = 0;
      const tick = (t: number) => {
        out.push(t - last);
        last = t;
        el.scrollTop += stepPx;
        if (++i < steps) requestAnimationFrame(tick);
        else res(out.slice(1));
      };
      requestAnimationFrame(tick);
    });
    all.push(...f);
  }
  return all;
}

export const p95 = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)]!;
};
