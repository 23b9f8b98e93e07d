// What a person on a phone would notice on a list drawn as cards: a box that has to be scrolled
// sideways to be read, a value cut by its box, a card wider than the window, a key field missing.
import type { Locator, Page } from 'playwright-core';

/** Every box in main that scrolls sideways (its content wider than it and its overflow auto or scroll). */
export const sidewaysBoxes = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main, main *')]
      .filter((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX))
      .map(
        (e) => `box scrolls sideways: <${e.tagName.toLowerCase()} ${e.dataset.testid ?? String(e.className).slice(0, 50)}> ${e.scrollWidth} > ${e.clientWidth}`,
      )
      .slice(0, 10),
  );

/**
 * Inside each card drawn (on screen or scrolled away): the card lies within the window, and no text in it is cut (an
 * element that hides its overflow is no narrower, and no shorter, than its text).
 */
export const cutInCards = (cards: Locator): Promise<string[]> =>
  cards.evaluateAll((all) => {
    const out: string[] = [];
    for (const card of all as HTMLElement[]) {
      const r = card.getBoundingClientRect();
      if (r.height === 0) continue;
      if (r.left < -1 || r.right > innerWidth + 1) out.push(`card outside the window: x ${Math.round(r.left)}–${Math.round(r.right)}`);
      for (const e of [card, ...card.querySelectorAll<HTMLElement>('*')]) {
        if (e.clientWidth === 0 || !e.textContent?.trim()) continue;
        const s = getComputedStyle(e);
        const hides = s.overflowX !== 'visible' || s.textOverflow === 'ellipsis' || s.webkitLineClamp !== 'none';
        if (hides && e !== card && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
          out.push(`value cut: "${e.textContent.trim().slice(0, 40)}" needs ${e.scrollWidth}×${e.scrollHeight}, has ${e.clientWidth}×${e.clientHeight}`);
        const b = e.getBoundingClientRect();
        if (b.width > 0 && b.right > innerWidth + 1) out.push(`beyond the window: "${e.textContent.trim().slice(0, 40)}" right ${Math.round(b.right)}`);
      }
    }
    return out.slice(0, 10);
  });

/** The fields (by test id) each card drawn shows, visible and not empty; what is missing. */
export const missingFields = (cards: Locator, testIds: readonly string[]): Promise<string[]> =>
  cards.evaluateAll((all, ids) => {
    const out: string[] = [];
    for (const card of all as HTMLElement[]) {
      const r = card.getBoundingClientRect();
      if (r.height === 0) continue;
      for (const id of ids) {
        const f = card.querySelector<HTMLElement>(`[data-testid="${id}"]`);
        const box = f?.getBoundingClientRect();
        if (!f || !box || box.width === 0 || box.height === 0 || !f.innerText.trim()) out.push(`card ${card.dataset.testid}: no ${id}`);
      }
    }
    return out.slice(0, 10);
  }, testIds);
