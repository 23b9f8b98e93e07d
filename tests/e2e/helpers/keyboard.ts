// A dialog opened from the keyboard alone: Tab to its control (every stop showing a focus ring),
// Enter, and the dialog by its accessible name.
import type { Locator, Page } from 'playwright-core';
import { pressUntilFocused } from '../shell/keyboard-focus';

export async function openDialogByKeyboard(page: Page, opener: Locator, dialogName: string, o: { presses?: number; timeout?: number } = {}): Promise<Locator> {
  await pressUntilFocused(page, opener, o.presses);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor({ state: 'attached', ...(o.timeout ? { timeout: o.timeout } : {}) });
  return dialog;
}
