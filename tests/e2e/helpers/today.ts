// "Today" curves start at midnight in the chart's zone and leave the running 15-minute interval
// out, so early in the day a curve rightly has no point yet: a run at 00:15 Shanghai time waited
// in vain for one. This waits for a point, or, that early in the chart's day, for the chart only.
import type { Page } from 'playwright-core';
import { dayStart } from '../../../protocol/site-time';

/** minutes after midnight before a day's first complete interval is surely on the curve */
const FIRST_POINT_MINUTES = 40;

/** the zone a chart's time axis names: "Time (Asia/Shanghai)", "时间（Asia/Shanghai）" */
const axisZone = (label: string | null): string | undefined => /[（(]([^()（）]+)[)）]\s*$/.exec(label ?? '')?.[1];

/** Resolves once the chart inside `testId` draws a point, or has been drawn when its day is too young for one. */
export async function waitForTodayCurve(page: Page, testId: string, timeout = 30_000): Promise<void> {
  const box = page.locator(`[data-testid="${testId}"] [data-points]`).first();
  await box.waitFor({ state: 'attached', timeout });
  const zone = axisZone(await box.getAttribute('data-time-label'));
  if (!zone) throw new Error(`${testId}: the time axis names no zone`);
  if (Date.now() - dayStart(zone, Date.now()) < FIRST_POINT_MINUTES * 60_000) return;
  await page.waitForFunction((id) => Number(document.querySelector(`[data-testid="${id}"] [data-points]`)?.getAttribute('data-points')) > 0, testId, {
    timeout,
  });
}
