// What the wall layout test measures in the page: everything a person in front of the wall would
// notice as broken — a scroll bar, a panel past the screen's edge or cut inside its box, text too
// small for the screen, an empty band of screen, illegible map clusters.
import type { Page } from 'playwright-core';

export interface WallMeasure {
  viewport: { w: number; h: number };
  doc: { scrollWidth: number; scrollHeight: number };
  /** panels (grid areas, boxes, cards, charts) outside the viewport or with content cut */
  defects: string[];
  /** how far the panels reach: right and bottom edges of their union */
  reach: { right: number; bottom: number };
  smallestFontPx: number;
  clusterFontPx: number;
}

export const measureWall = (page: Page): Promise<WallMeasure> =>
  page.evaluate(() => {
    const W = innerWidth;
    const H = innerHeight;
    const defects: string[] = [];
    const name = (el: Element) => el.getAttribute('data-wall-panel') ?? el.getAttribute('data-testid') ?? el.className.toString().slice(0, 40);
    const boxes = [
      ...document.querySelectorAll(
        '[data-wall-panel], [data-testid=wall] section, [data-testid=station-card], [data-testid=wall-alarm], [data-testid=wall-alarm-count], [data-testid=wall] .uplot',
      ),
    ];
    let right = 0;
    let bottom = 0;
    for (const el of boxes) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5)
        defects.push(`${name(el)} outside the screen: ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
      // a box's content larger than the box is cut (overflow hidden) or would scroll
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        defects.push(`${name(el)} cut: content ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`);
      if (el.hasAttribute('data-wall-panel')) {
        right = Math.max(right, r.right);
        bottom = Math.max(bottom, r.bottom);
      }
    }
    // a chart (or any box) drawn past the bottom of its panel (the map draws past its box on
    // purpose, clipped by it: see widgets/map/StationMap.tsx)
    for (const panel of document.querySelectorAll('[data-wall-panel]')) {
      const p = panel.getBoundingClientRect();
      for (const el of panel.querySelectorAll('section, .uplot canvas, [data-testid=station-card]')) {
        const r = el.getBoundingClientRect();
        if (r.height > 0 && (r.bottom > p.bottom + 0.5 || r.right > p.right + 0.5))
          defects.push(
            `${name(el)} past the ${name(panel)} panel: ${Math.round(r.right)},${Math.round(r.bottom)} > ${Math.round(p.right)},${Math.round(p.bottom)}`,
          );
      }
    }
    for (const el of document.querySelectorAll('[data-testid=wall] [data-value]')) {
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        defects.push(`value cut: "${el.textContent}" needs ${el.scrollWidth}×${el.scrollHeight}, has ${el.clientWidth}×${el.clientHeight}`);
    }
    // the smallest type a person has to read: every element with its own visible text
    let smallest = Infinity;
    const walker = document.createTreeWalker(document.querySelector('[data-testid=wall]')!, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim() || el.closest('.maplibregl-ctrl, [aria-hidden=true]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      smallest = Math.min(smallest, parseFloat(getComputedStyle(el).fontSize));
    }
    const root = document.scrollingElement ?? document.documentElement;
    return {
      viewport: { w: W, h: H },
      doc: { scrollWidth: root.scrollWidth, scrollHeight: root.scrollHeight },
      defects,
      reach: { right, bottom },
      smallestFontPx: smallest,
      clusterFontPx: Number(document.querySelector('[data-testid=station-map]')?.getAttribute('data-cluster-font') ?? 0),
    };
  });
