// What the layout guard measures in the page, as plain functions Playwright runs there. Each
// returns the defects it found as readable lines (empty: none), so a failure lists all of them.
import type { Page } from 'playwright-core';

/** px of slack for sub-pixel rounding */
const SLACK = 1;
/** the narrowest a field or a button may be: a finger's width (WCAG 2.5.5) */
export const MIN_CONTROL_PX = 44;

/** The page never scrolls sideways: the document is no wider than the window. */
export const pageOverflow = (page: Page): Promise<string[]> =>
  page.evaluate((slack) => {
    const w = document.documentElement.scrollWidth;
    return w > innerWidth + slack ? [`page scrolls sideways: scrollWidth ${w} > innerWidth ${innerWidth}`] : [];
  }, SLACK);

/**
 * A value (an element marked data-value: a figure, a time, a name in a key column) is shown
 * whole: its text is no wider (and no taller) than its box, and its box is not cut by the nearest
 * box around it that hides what overflows (a table cell that truncates with an ellipsis). A box
 * that scrolls is not a cut: what it hides can be scrolled to. Only values on screen are measured.
 */
export const clippedValues = (page: Page): Promise<string[]> =>
  page.evaluate((slack) => {
    const out: string[] = [];
    const text = (e: HTMLElement) => `"${(e.textContent ?? '').trim().slice(0, 40)}"`;
    for (const e of document.querySelectorAll<HTMLElement>('[data-value]')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.bottom < 0 || r.top > innerHeight || r.right < 0 || r.left > innerWidth) continue;
      if (e.scrollWidth > e.clientWidth + slack || e.scrollHeight > e.clientHeight + slack) {
        out.push(`value cut: ${text(e)} needs ${e.scrollWidth}×${e.scrollHeight}, has ${e.clientWidth}×${e.clientHeight}`);
        continue;
      }
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible') continue;
        if (style.overflowX === 'hidden' || style.overflowX === 'clip') {
          const box = a.getBoundingClientRect();
          const right = box.right - parseFloat(style.borderRightWidth);
          const left = box.left + parseFloat(style.borderLeftWidth);
          if (r.right > right + slack || r.left < left - slack)
            out.push(
              `value cut by its box: ${text(e)} spans ${Math.round(r.left)}–${Math.round(r.right)}, its box shows ${Math.round(left)}–${Math.round(right)}`,
            );
        }
        break;
      }
    }
    return out;
  }, SLACK);

/**
 * The open dialog: inside the window, never scrolling sideways (neither the panel nor any box in
 * it), and every control (field, select, button) inside the panel's left and right edges and
 * at least MIN_CONTROL_PX wide. Check boxes and radios are measured with their label.
 */
export const dialogDefects = (page: Page): Promise<string[]> =>
  page.evaluate(
    ([slack, min]) => {
      const panel = document.querySelector<HTMLElement>('[data-dialog]');
      if (!panel) return ['no dialog open'];
      const out: string[] = [];
      const box = panel.getBoundingClientRect();
      if (box.left < -slack || box.right > innerWidth + slack)
        out.push(`dialog outside the window: x ${Math.round(box.left)}–${Math.round(box.right)} of ${innerWidth}`);
      for (const e of [panel, ...panel.querySelectorAll<HTMLElement>('*')]) {
        if (e.scrollWidth > e.clientWidth + slack && getComputedStyle(e).overflowX !== 'visible' && e.clientWidth > 0)
          out.push(
            `scrolls sideways: <${e.tagName.toLowerCase()} ${e.getAttribute('data-testid') ?? e.className.toString().slice(0, 40)}> ${e.scrollWidth} > ${e.clientWidth}`,
          );
      }
      const name = (e: HTMLElement) =>
        `${e.tagName.toLowerCase()}${e.dataset.testid ? `[${e.dataset.testid}]` : ''} "${(e.getAttribute('aria-label') ?? e.textContent ?? (e as HTMLInputElement).value ?? '').trim().slice(0, 24)}"`;
      for (const e of panel.querySelectorAll<HTMLElement>('input:not([type=hidden]), select, textarea, button')) {
        const r = e.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        const tick = e instanceof HTMLInputElement && (e.type === 'checkbox' || e.type === 'radio');
        const target = tick ? (e.closest('label') ?? e) : e;
        const t = target.getBoundingClientRect();
        if (t.left < box.left - slack || t.right > box.right + slack)
          out.push(`outside the dialog: ${name(e)} x ${Math.round(t.left)}–${Math.round(t.right)}, dialog ${Math.round(box.left)}–${Math.round(box.right)}`);
        if (t.width < min - slack) out.push(`too narrow: ${name(e)} ${Math.round(t.width)} px`);
      }
      return out;
    },
    [SLACK, MIN_CONTROL_PX] as const,
  );

/** The open dialog's panel box (its size and place must not change while it is edited). */
export const dialogBox = (page: Page) =>
  page.evaluate(() => {
    const r = document.querySelector('[data-dialog]')!.getBoundingClientRect();
    return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
  });
