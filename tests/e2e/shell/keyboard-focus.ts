// Keyboard helpers for browser tests: where focus is and whether a person can see it, and Tab
// pressed until a given control has focus, every stop on the way checked for a visible ring.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** '' when the focused element shows a focus indicator (an outline, or a ring drawn as a box
 *  shadow at least half opaque, on a box on screen); else what is wrong with it. */
export const focusRingProblem = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing has focus';
    const what = el.outerHTML.slice(0, 120);
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return `no box: ${what}`;
    const cs = getComputedStyle(el);
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0 && cs.outlineColor !== 'rgba(0, 0, 0, 0)';
    // a ring is a box-shadow layer with spread in a colour at least half opaque (Tailwind's
    // rings come after transparent placeholder layers)
    const layers = cs.boxShadow === 'none' ? [] : cs.boxShadow.split(/,(?![^(]*\))/);
    const ring = layers.some((layer) => {
      const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(layer);
      const spread = /(-?[\d.]+)px\s*(inset)?\s*$/.exec(layer.trim());
      return (!alpha || Number(alpha[1]) >= 0.5) && !!spread && Math.abs(Number(spread[1])) > 0;
    });
    return outline || ring ? '' : `no focus ring (outline ${cs.outlineStyle} ${cs.outlineWidth}): ${what}`;
  });

/** Presses `key` (Tab by default) until `target` has focus, at most `max` times, and fails on
 *  the first stop without a visible focus ring. Nothing is pressed when it has focus already. */
export async function pressUntilFocused(page: Page, target: Locator, max = 60, key = 'Tab'): Promise<void> {
  await target.waitFor();
  for (let i = 0; ; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) break;
    if (i === max) throw new Error(`${key} ×${max} never reached ${String(target)}`);
    await page.keyboard.press(key);
    const problem = await focusRingProblem(page);
    if (problem) throw new Error(`after ${key} ×${i + 1}: ${problem}`);
  }
  const problem = await focusRingProblem(page);
  if (problem) throw new Error(problem);
}

/** The focused element is `target`, and it shows a ring. */
export async function expectFocused(page: Page, target: Locator): Promise<void> {
  await expect.poll(() => target.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await focusRingProblem(page)).toBe('');
}

/**
 * On the alarm list: Tab to the keyword box, type `tag`, and wait for `count` rows holding it.
 * `names` are the reader's catalogue's: the list's accessible name and the keyword box's.
 */
export async function alarmRowsByKeyboard(page: Page, names: { list: string; keyword: string }, tag: string, count: number): Promise<Locator> {
  const table = page.getByRole('table', { name: names.list });
  await table.waitFor({ timeout: 15_000 });
  await pressUntilFocused(page, page.getByRole('searchbox', { name: names.keyword }), 120);
  await page.keyboard.type(tag);
  const rows = table.getByRole('row').filter({ hasText: tag });
  await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(count);
  return rows;
}
