// Alarm handling in Chromium, en and zh: an alarm of a station in Europe/Berlin shows Berlin
// wall-clock time with the zone named; acknowledging it with a note in the detail dialog puts
// the note in its timeline and the acknowledger in its row. Screenshots of the list and the
// dialog go to $SHOTS_DIR.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { en, zh } from '../../catalogues';
import { describeBrowser, launch, newContext, watchErrors } from '../helpers/browser';
import { DEMO, login } from '../helpers/console';
import { startServer, type TestServer } from '../helpers/server';
import { formatWall } from '../../../protocol/site-time';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const BERLIN = 'Europe/Berlin';

describeBrowser('alarm handling', () => {
  let server: TestServer;
  let browser: Browser;
  let stationId = 0;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startServer({ seedStations: 12 }), launch()]);
    const { db, registry } = server.services;
    const r = await db.query<{ id: number }>('SELECT id FROM stations ORDER BY id LIMIT 1');
    stationId = r[0]!.id;
    await db.query('UPDATE stations SET timezone = $1 WHERE id = $2', [BERLIN, stationId]);
    await registry.load(db);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    const L = lang === 'en' ? en : zh;
    it(`${lang}: Berlin time with the zone named; acknowledge with a note shows who`, async () => {
      const content = `handling-${lang}-${Date.now()}`;
      const row = await server.alarm({ stationId, content, category: 'alarm', publish: false });
      const ctx = await newContext(browser, { baseURL: server.url, language: lang, width: 1600, height: 900 });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await login(page, DEMO.admin);
      await page.goto('/alarm/alarmList');
      await page.getByTestId('alarm-list').waitFor({ timeout: 15_000 });
      await page.getByTestId('zone-station').click();
      await page.getByTestId('filter-keyword').fill(content);
      const mine = page.locator(`[data-testid=alarm-row][data-alarm="${row.id}"]`);
      const time = mine.getByTestId('alarm-time');
      await expect.poll(() => time.getAttribute('data-zone'), { timeout: 15_000 }).toBe(BERLIN);
      const wall = formatWall(BERLIN, row.happenTime.getTime());
      expect(await time.innerText()).toBe(`${wall}\n${BERLIN}`);
      expect(await page.locator('[role=columnheader]').allInnerTexts()).toContain(L.alarms.handling.alarmTimeStation);
      await page.screenshot({ path: `${SHOTS}/alarm-handling-list-${lang}.png` });

      await mine.getByTestId('alarm-detail-open').click();
      const dialog = page.getByTestId('alarm-detail');
      await dialog.getByRole('heading', { name: L.alarms.handling.detailTitle, exact: true }).waitFor({ timeout: 10_000 });
      await expect.poll(() => dialog.getByTestId('timeline-entry').count()).toBe(1);
      const note = lang === 'en' ? 'Crew on site, breaker checked' : '现场人员已检查断路器';
      await dialog.getByTestId('ack-note').fill(note);
      await dialog.getByTestId('ack-confirm').click();
      const acked = dialog.locator('[data-testid=timeline-entry][data-event=acked]');
      await acked.waitFor({ timeout: 10_000 });
      expect(await acked.innerText()).toContain(note);
      expect(await acked.innerText()).toContain(L.alarms.handling.events.acked);
      await expect.poll(() => dialog.getByTestId('ack-confirm').count()).toBe(0);
      await page.screenshot({ path: `${SHOTS}/alarm-handling-dialog-${lang}.png` });
      await dialog.getByTestId('detail-close').click();
      await expect.poll(() => mine.getByTestId('alarm-acked-by').innerText(), { timeout: 10_000 }).toMatch(/✓ \S/);
      expect(errors).toEqual([]);
      await ctx.close();
    }, 60_000);
  }
});
