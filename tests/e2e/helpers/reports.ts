// The site report screen and the export dialog as the browser tests drive them, and PDFs read
// back as text by pdftotext (poppler-utils): without it the PDF checks skip and say so.
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    console.log('[e2e] PDF text checks skipped: pdftotext (poppler-utils) not installed');
    return false;
  }
})();
export const pdfText = (path: string) => execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });

/** Opens the export dialog with the button `open`, exports in `format` and answers the downloaded file's path. */
export async function downloadExport(page: Page, format: 'xlsx' | 'pdf' | 'csv', open: string): Promise<string> {
  await page.getByTestId(open).click();
  await page.getByTestId(`format-${format}`).check();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-start').click()]);
  await expect.poll(() => page.getByTestId('export-status').getAttribute('data-status')).toBe('done');
  await page.getByTestId('export-close').click();
  return (await file.path())!;
}

/** Opens the site report on a station (the first listed without one) and answers the station's id. */
export async function openSiteReport(page: Page, stationId?: number): Promise<number> {
  await page.goto('/operations/siteReport');
  const station = page.getByTestId('report-station');
  await expect.poll(() => station.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
  await station.selectOption(stationId === undefined ? { index: 1 } : String(stationId));
  return Number(await station.inputValue());
}

/** Queries the open report for the items from `from` to `to` (by the granularity given) and waits for its totals. */
export async function queryReport(page: Page, from: string, to: string, items: readonly string[], granularity?: string): Promise<void> {
  await page.getByTestId('items-none').click();
  for (const i of items) await page.getByTestId(`item-${i}`).check();
  await page.getByTestId('report-from').fill(from);
  await page.getByTestId('report-to').fill(to);
  if (granularity) await page.getByTestId('report-granularity').selectOption(granularity);
  await page.getByTestId('report-query').click();
  await page.getByTestId('report-totals').waitFor();
}
