// Waits shared by the trend tests.
import type { Page } from 'playwright-core';

/** The first chart holds the history of the range on screen (not of an earlier zoom step). */
export const trendSettled = (page: Page, timeout = 20_000) =>
  page.waitForFunction(
    () => {
      const el = document.querySelector('[data-testid=trend]');
      const q = JSON.parse(el?.getAttribute('data-query') || 'null') as { from: number; to: number } | null;
      const r = JSON.parse(el?.getAttribute('data-range') || 'null') as { from: number; to: number } | null;
      return el?.getAttribute('data-state') === 'loaded' && !!q && !!r && q.from === r.from && q.to === r.to;
    },
    null,
    { timeout },
  );

/** The visible range has narrowed below `spanMs` (every queued wheel step has been applied). */
export const trendNarrowedBelow = (page: Page, spanMs: number, timeout = 15_000) =>
  page.waitForFunction(
    (span) => {
      const r = JSON.parse(document.querySelector('[data-testid=trend]')?.getAttribute('data-range') || 'null') as { from: number; to: number } | null;
      return !!r && r.to - r.from < span;
    },
    spanMs,
    { timeout },
  );
