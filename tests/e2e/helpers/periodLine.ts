// The 24-hour period line of the tariff and strategy editors by keyboard: Enter on a focused band
// splits it in the middle and hands focus to the new boundary, which arrows and Page Up/Down move.
import type { Locator, Page } from 'playwright-core';
import { expectFocused } from '../shell/keyboard-focus';

/** Splits the focused band of `line` and checks that focus is on the new boundary, named `boundary`. */
export async function splitFocusedBand(page: Page, line: Locator, boundary: string): Promise<Locator> {
  await page.keyboard.press('Enter');
  const slider = line.getByRole('slider', { name: boundary });
  await expectFocused(page, slider);
  return slider;
}
