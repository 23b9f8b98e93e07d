// How the browser guards visit every route of the route table: the ids a station, account,
// role or customer page needs in its query, and a wait for the page's API calls to settle.
import type { Page } from 'playwright-core';
import type { RouteDef } from '../../../src/app/routes';
import type { Where } from './layout-dialogs';

interface Db {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** The station the station pages open (one with a peak-shaving strategy) and other ids the pages need. */
export async function where(db: Db): Promise<Where> {
  const [st] = await db.query<{ id: number; provider: number }>(
    `SELECT s.id, s.provider_id AS provider FROM stations s WHERE EXISTS (SELECT 1 FROM strategies t WHERE t.station_id = s.id AND t.kind = 'peakShaving' AND t.deleted_at IS NULL) ORDER BY s.id LIMIT 1`,
  );
  const [user] = await db.query<{ id: number }>(`SELECT id FROM accounts WHERE account = 'operator'`);
  return { stationId: st!.id, providerId: st!.provider, userId: user!.id };
}

export const queryOf = (r: RouteDef, w: Where): string => {
  if (r.station) return `?stationId=${w.stationId}&serviceProviderId=${w.providerId}`;
  if (r.name === 'system.accountDetail') return `?userId=${w.userId}`;
  if (r.name === 'system.roleDetail') return '?roleId=1';
  if (r.name === 'monitor.detail') return `?orgId=${w.providerId}`;
  return '';
};

/** Waits until no API call has been in flight for 400 ms (at most 10 s). */
export function quietAfter(page: Page): () => Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const api = (u: string) => new URL(u).pathname.startsWith('/api/');
  page.on('request', (r) => api(r.url()) && (inFlight++, (last = Date.now())));
  const done = (r: { url(): string }) => api(r.url()) && (inFlight--, (last = Date.now()));
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const until = Date.now() + 10_000;
    await page.waitForTimeout(100);
    while (Date.now() < until && (inFlight > 0 || Date.now() - last < 400)) await page.waitForTimeout(100);
    await page.waitForTimeout(300);
  };
}

/** in-app navigation, as the menu does it (a page load per route would start the app again) */
export const navigate = (page: Page, path: string) => page.evaluate((p) => history.pushState(null, '', p), path);
