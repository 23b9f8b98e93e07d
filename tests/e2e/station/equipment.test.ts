// Equipment monitoring and trends in zh and en, against the real server with the
// simulated fleet: live values change, a generator state change shows its name, zooming a trend
// issues a finer history query, and the CSV holds exactly the points on screen.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { en, zh } from '../../catalogues';
import { GENERATOR_STATES } from '../../../protocol/fleet';
import { describeBrowser, launch, newContext, watchErrors } from '../helpers/browser';
import { DEMO, login } from '../helpers/console';
import { startStationServer, type SimClock, type StationServer } from './server';
import { trendNarrowedBelow, trendSettled } from './trend-helpers';

const GEN_STATION = 4; // seed station with pv, ess, dg and load (off-grid, Africa/Nairobi)
const PILE_STATION = 3; // seed station with pv, ess and charging piles (Asia/Shanghai)
// The models run on a simulated clock from 14:00 at the pile station (09:00 in Nairobi) of a day
// on which its piles charge, 2 minutes per tick: every device has something to show.
const SIM: SimClock = { stationId: PILE_STATION, localHour: 14, stepMinutes: 2, sessionMinutes: 40 };
const VIEW_TYPES = ['pv_inverter', 'pcs', 'battery_cluster', 'generator', 'charging_pile', 'load', 'meter', 'weather_station', 'gateway'];

for (const lang of ['zh', 'en'] as const) {
  const L = lang === 'zh' ? zh : en;
  // The values moving with the fleet do not depend on the language: the first pass follows every
  // view until it changes; the second checks what it says (tabs, states, ages, units).
  const followsChanges = lang === 'zh';
  describeBrowser(`equipment monitoring (${lang})`, () => {
    let server: StationServer;
    let browser: Browser;
    let stopTicking: (() => void) | null = null;
    /** a polling cycle every second in the background (the first test ticks by hand) */
    const keepTicking = () => {
      stopTicking ??= server.ticking(1000);
    };
    beforeAll(async () => {
      [server, browser] = await Promise.all([startStationServer({ simClock: SIM }), launch()]);
    });
    afterAll(async () => {
      stopTicking?.();
      await browser?.close();
      await server?.close();
    });
    const open = async (stationId: number): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> => {
      const ctx = await newContext(browser, { baseURL: server.url, language: lang });
      const page = await ctx.newPage();
      const errors = watchErrors(page);
      await login(page, DEMO.admin);
      await page.goto(`/dquipmentMonitoring/dquipmentMonitoring?stationId=${stationId}&serviceProviderId=${stationId}`);
      await page.getByTestId('device-card').first().waitFor();
      return { page, errors, close: () => ctx.close() };
    };
    const gridText = (page: Page) =>
      page.getByTestId('device-grid').evaluate((e) => [...e.querySelectorAll('[data-testid=device-value]')].map((x) => x.textContent).join('|'));
    const ageRe = lang === 'zh' ? /^(\d+) 秒前$/ : /^(\d+) s ago$/;
    const ageOf = async (card: Locator): Promise<number> => {
      const text = (await card.getByTestId('device-age').textContent()) ?? '';
      expect(text).toMatch(ageRe);
      return Number(ageRe.exec(text)![1]);
    };

    it('every device view renders live values that change over time, with online state and a ticking data age', async () => {
      const changed = new Set<string>();
      server.tick(); // onto the simulated afternoon
      for (const station of [PILE_STATION, GEN_STATION]) {
        const { page, errors, close } = await open(station);
        const tabs = await page
          .locator('[data-testid^=device-tab-]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('device-tab-'.length)));
        expect(tabs).toContain('points');
        const views = tabs.filter((x) => x !== 'points');
        /** what every view shows now (one poll answer feeds them all) */
        const shown = async (): Promise<Map<string, string>> => {
          const m = new Map<string, string>();
          for (const type of views) {
            await page.getByTestId(`device-tab-${type}`).click();
            await page.locator(`[data-testid=device-card][data-type=${type}]`).first().waitFor();
            m.set(type, await gridText(page));
          }
          return m;
        };
        const before = await shown();
        for (const [type, text] of before) expect(text.split('|').filter((v) => v !== '-').length, type).toBeGreaterThan(0);
        // the next polling cycles of the gateway change what the views show: a cycle, the
        // console's next poll, then every view is read again
        for (let k = 0; followsChanges && k < 4 && views.some((v) => !changed.has(`${station}/${v}`)); k++) {
          server.tick();
          await page.waitForTimeout(50); // the cycle's frames ingested before the poll asks
          await (await page.waitForRequest((r) => /(^|&)action=queryStationLatest(&|$)/.test(r.postData() ?? ''), { timeout: 8000 })).response();
          await page.waitForTimeout(100);
          for (const [type, text] of await shown()) if (text !== before.get(type)) changed.add(`${station}/${type}`);
        }
        if (followsChanges) for (const type of views) expect([...changed], `${type} of station ${station}`).toContain(`${station}/${type}`);
        for (const [i, type] of views.entries()) {
          await page.getByTestId(`device-tab-${type}`).click();
          const cards = page.locator(`[data-testid=device-card][data-type=${type}]`);
          await cards.first().waitFor();
          expect(await page.getByTestId(`device-tab-${type}`).textContent()).toContain(L.station.types[type as keyof typeof L.station.types]);
          // every card online, its data age in seconds (growing until the next frame: seen on one view)
          for (const c of await cards.all()) expect(await c.getByTestId('device-online').textContent()).toBe(L.station.common.online);
          const first = cards.first();
          const age0 = await ageOf(first);
          if (followsChanges && i === 0)
            await page.waitForFunction(
              ([sel, a]) => {
                const m = /(\d+)/.exec(document.querySelector(sel)?.querySelector('[data-testid=device-age]')?.textContent ?? '');
                return m !== null && Number(m[1]) > a;
              },
              [`[data-testid=device-card][data-device="${await first.getAttribute('data-device')}"]`, age0] as const,
              { timeout: 5000 },
            );
          for (const c of await cards.all()) await ageOf(c);
          if (type === 'battery_cluster') {
            for (const c of await cards.all()) {
              const soh = c.locator('[data-field=soh]');
              expect(await soh.locator('dt').textContent()).toBe(L.station.derived.soh);
              const text = (await soh.getByTestId('device-value').textContent()) ?? '';
              expect(text).toMatch(/^\d+(\.\d)? %$/);
              expect(Number.parseFloat(text)).toBeGreaterThan(90);
              expect(Number.parseFloat(text)).toBeLessThan(99);
              const spread = (await c.locator('[data-field=cellVspread]').getByTestId('device-value').textContent()) ?? '';
              expect(spread).toMatch(/^\d+ mV$/);
              expect(Number.parseFloat(spread)).toBeGreaterThan(0);
            }
          }
        }
        expect(errors).toEqual([]);
        await close();
      }
      // every device view, PV and EV charging included, moved on the simulated afternoon
      if (followsChanges)
        for (const type of VIEW_TYPES)
          expect(
            [...changed].map((x) => x.split('/')[1]),
            type,
          ).toContain(type);
    }, 240_000);

    it('a generator state change shows the right state name', async () => {
      keepTicking();
      const { page, close } = await open(GEN_STATION);
      await page.getByTestId('device-tab-generator').click();
      const card = page.locator('[data-testid=device-card][data-type=generator]').first();
      await card.waitFor();
      const id = Number(await card.getAttribute('data-device'));
      stopTicking?.(); // the model would overwrite the hand-made frames
      stopTicking = null;
      try {
        const shown = await card.getAttribute('data-state-code');
        for (const code of followsChanges ? [9, 14, 1] : [[9, 14, 1].find((c) => String(c) !== shown)!]) {
          server.frame(GEN_STATION, [
            { id, type: 'generator', s: code, values: { state: code, p: code === 9 ? 120 : 0, rpm: code === 9 ? 1500 : 0, fuelLevelPct: 55 } },
          ]);
          const name = L.station.state.generator[GENERATOR_STATES[code]!];
          await page.waitForFunction(
            ([sel, n]) => document.querySelector(sel)?.querySelector('[data-testid=device-state]')?.textContent === n,
            [`[data-testid=device-card][data-device="${id}"]`, name] as const,
            { timeout: 15_000 },
          );
          expect(await card.getAttribute('data-state-code')).toBe(String(code));
        }
      } finally {
        keepTicking();
      }
      await close();
    });

    it('the points view lists every raw point, virtualized and searchable', async () => {
      keepTicking();
      const { page, close } = await open(GEN_STATION);
      await page.getByTestId('device-tab-points').click();
      await page.getByTestId('point-row').first().waitFor();
      const total = await page.getByTestId('points-count').textContent();
      const rendered = await page.getByTestId('point-row').count();
      const n = Number((total ?? '').replace(/\D/g, ''));
      expect(n).toBeGreaterThan(40);
      expect(rendered).toBeLessThan(n); // virtualized
      await page.getByTestId('points-search').fill('DG-1');
      await page.waitForFunction((t) => document.querySelector('[data-testid=points-count]')?.textContent !== t, total);
      const rows = await page.getByTestId('point-row').allTextContents();
      expect(rows.length).toBe(8);
      expect(rows.some((r) => r.includes(L.station.state.generator.standby) || /\d+ · /.test(r))).toBe(true);
      await close();
    });

    it('zooming a trend issues a finer query, and the CSV holds exactly the visible points', async () => {
      keepTicking();
      const { page, close } = await open(GEN_STATION);
      await page.getByTestId('device-tab-pv_inverter').click();
      const trend = page.getByTestId('trend');
      await page.waitForFunction(() => document.querySelector('[data-testid=trend]')?.getAttribute('data-state') === 'loaded', null, { timeout: 20_000 });
      expect(await page.getByTestId('trend-zone').textContent()).toContain('Africa/Nairobi');
      const q0 = JSON.parse((await trend.getAttribute('data-query'))!) as { from: number; to: number; width: number };
      const fetches0 = Number(await trend.getAttribute('data-fetches'));
      const over = page.locator('[data-testid=trend-chart] .u-over');
      const box = (await over.boundingBox())!;
      await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
      for (let i = 0; i < 6; i++) {
        await page.mouse.wheel(0, -200);
        await page.waitForTimeout(40);
      }
      await page.waitForFunction(
        (f) => {
          const el = document.querySelector('[data-testid=trend]');
          return Number(el?.getAttribute('data-fetches')) > f && el?.getAttribute('data-state') === 'loaded';
        },
        fetches0,
        { timeout: 15_000 },
      );
      // every step applied: 6 × 200 px of wheel is 1.3^10 ≈ 13.8 times narrower (5 steps: 8.9)
      await trendNarrowedBelow(page, (q0.to - q0.from) / 12);
      await trendSettled(page, 15_000); // the loaded history is the one of the last zoom step
      stopTicking?.(); // nothing new arrives while the CSV is compared with the screen
      stopTicking = null;
      const q1 = JSON.parse((await trend.getAttribute('data-query'))!) as { from: number; to: number; width: number };
      const msPerPx = (q: typeof q0) => (q.to - q.from) / q.width;
      expect(msPerPx(q1)).toBeLessThan(msPerPx(q0) / 3);
      expect(q1.from).toBeGreaterThan(q0.from);
      const shown = Number(await trend.getAttribute('data-shown'));
      expect(shown).toBeGreaterThan(0);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('trend-csv').click()]);
      const csv = readFileSync((await download.path())!, 'utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(csv[0]).toContain('Africa/Nairobi');
      expect(csv.length - 1).toBe(Number(await trend.getAttribute('data-shown')));
      for (const line of csv.slice(1)) {
        const t = Date.parse(line.split(',')[1]!);
        expect(t).toBeGreaterThanOrEqual(Math.floor(q1.from) - 1);
        expect(t).toBeLessThanOrEqual(Math.ceil(q1.to) + 1);
      }
      await close();
    });
  });
}
