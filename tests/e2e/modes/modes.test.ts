// Operation modes in Chromium against the real server with the simulated fleet, in zh and en:
// a peak-shaving strategy with three periods (required prompts on an empty form, a bounds error
// on an over-rated power, the predicted day), issued until "issued successfully"; a refusing
// gateway shows "issue failed" with its reason and a retry succeeds; islanded operation shut down
// and enabled with confirmations, both found in Operation history; the operator sees no control and
// the server refuses it. Screenshots go to /tmp/shots/modes-*.png.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import enModes from '../../../locales/en/modes.json';
import zhModes from '../../../locales/zh/modes.json';
import { describeBrowser, launch, newContext, watchErrors } from '../helpers/browser';
import { callApi, DEMO, login } from '../helpers/console';
import { startStationServer, type StationServer } from '../station/server';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
interface Station {
  id: number;
  providerId: number;
  essPowerKw: number;
}

describeBrowser('operation modes (zh and en)', () => {
  let server: StationServer;
  let browser: Browser;
  let ess: Station; // grid-tied with storage
  let island: Station; // off-grid capable with an island strategy
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([startStationServer(), launch()]);
    // stations whose gateway answers for the next hour: the seed gives a few stations an offline
    // window a day, in which a command rightly waits for an answer that does not come
    const now = Date.now();
    const sim = [...server.services.fleet!.gateways.values()]
      .filter((g) => Array.from({ length: 61 }, (_, m) => now + m * 60_000).every((t) => g.model.gatewayOnlineAt(t)))
      .map((g) => g.stationId);
    const q = (where: string) =>
      server.services.db.query<Station>(
        `SELECT s.id, s.provider_id AS "providerId", s.ess_power_kw AS "essPowerKw" FROM stations s WHERE s.id = ANY($1::int[]) AND ${where} ORDER BY s.id LIMIT 1`,
        [sim],
      );
    [ess] = (await q(`s.system_type = 1 AND 'ess' = ANY(s.energy_types)`)) as [Station];
    [island] = (await q(`EXISTS (SELECT 1 FROM strategies t WHERE t.station_id = s.id AND t.kind = 'island' AND t.deleted_at IS NULL)`)) as [Station];
    expect(ess && island).toBeTruthy();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const open = async (lang: 'zh' | 'en', who: { account: string; password: string }, st: Station, route = 'operationModeManagement') => {
    const ctx = await newContext(browser, { baseURL: server.url, language: lang, width: 1600, height: 1000 });
    const page = await ctx.newPage();
    const errors = watchErrors(page);
    await login(page, who);
    await page.goto(`/operationModeManagement/${route}?stationId=${st.id}&serviceProviderId=${st.providerId}`);
    return { page, errors, close: () => ctx.close() };
  };
  const rowOf = (page: Page, name: string) => page.locator(`[data-testid=strategy-row][data-name="${name}"]`);
  const confirm = async (page: Page) => {
    await page.getByTestId('confirm-dialog').waitFor();
    await page.getByTestId('confirm-ok').click();
  };

  for (const lang of ['en', 'zh'] as const) {
    const L = lang === 'en' ? enModes : zhModes;
    const year = lang === 'en' ? 2098 : 2099;
    const name = `E2E ${lang} night charge`;

    it(`${lang}: creates a three-period strategy with prompts and bounds errors, issues it, survives a refusal and retries`, async () => {
      const { page, errors, close } = await open(lang, DEMO.admin, ess);
      await page.getByTestId('strategy-create').click();
      await page.getByTestId('strategy-form').waitFor();
      await page.getByTestId('field-name').fill('');
      await page.getByTestId('strategy-save').click();
      await expect
        .poll(() => page.getByTestId('field-socUpper-error').textContent())
        .toBe(L.errors.required.replace('{{field}}', L.form.socUpper.replace(/\s*\(.*\)$/, '')));
      expect(await page.getByTestId('field-name-error').textContent()).toBe(L.errors.required.replace('{{field}}', L.form.name));
      expect(await page.getByTestId('field-supplyPriority-error').isVisible()).toBe(true);
      for (const f of ['socLower', 'cellVoltageUpper', 'demandLimitKw', 'antiBackflowKw', 'antiOverloadKw', 'offGridSocLower', 'emergencySoc'])
        expect(await page.getByTestId(`field-${f}-error`).textContent()).not.toBe('');

      await page.getByTestId('field-name').fill(name);
      await page.getByTestId('field-startDate').fill(`${year}-01-01`);
      await page.getByTestId('field-endDate').fill(`${year}-12-31`);
      const values: Record<string, string> = {
        socUpper: '95',
        socLower: '10',
        cellVoltageUpper: '3.6',
        cellVoltageLower: '2.8',
        demandLimitKw: '5000',
        antiBackflowKw: '0',
        antiOverloadKw: '5000',
        offGridSocUpper: '95',
        offGridSocLower: '15',
        emergencySoc: '20',
      };
      for (const [f, v] of Object.entries(values)) await page.getByTestId(`field-${f}`).fill(v);
      await page.getByTestId('field-supplyPriority').locator('input').first().check();
      // three periods: split the day at about 07:00 and 18:00
      const line = page.getByTestId('period-timeline').getByRole('group');
      await line.scrollIntoViewIfNeeded();
      const box = (await line.boundingBox())!;
      await line.click({ position: { x: box.width * (7 / 24), y: box.height / 2 } });
      await expect.poll(() => page.getByTestId('period-row').count()).toBe(2);
      await line.click({ position: { x: box.width * (18 / 24) + 2, y: box.height / 2 } });
      await expect.poll(() => page.getByTestId('period-row').count()).toBe(3);
      const modes = page.getByTestId('period-mode');
      await modes.nth(0).selectOption('charge');
      await modes.nth(2).selectOption('discharge');
      const powers = page.getByTestId('period-power');
      await powers.nth(0).fill(String(ess.essPowerKw + 1000));
      await powers.nth(2).fill('50');
      await page.getByTestId('strategy-save').click();
      await expect
        .poll(() => page.getByTestId('period-power-error').first().textContent(), { timeout: 10_000 })
        .toBe(L.errors.tooBig.replace('{{limit}}', String(ess.essPowerKw)));
      await powers.nth(0).fill('50');
      // the predicted day before saving: both curves and the cost difference
      await page.getByTestId('strategy-predict').click();
      await page.getByTestId('predict-chart').waitFor({ timeout: 10_000 });
      await page.screenshot({ path: `${SHOTS}/modes-form.${lang}.png` });
      await page.getByTestId('strategy-save').click();
      await page.getByTestId('strategy-form').waitFor({ state: 'detached' });
      const row = rowOf(page, name);
      await expect.poll(() => row.getByTestId('issue-status').textContent()).toBe(L.status['0']);

      await row.getByTestId('strategy-issue').click();
      await expect.poll(() => row.getByTestId('issue-status').textContent(), { timeout: 15_000 }).toBe(L.status['1']);

      const gw = server.services.fleet!.gateways.get(ess.id)!;
      gw.opts.failureRate = 1;
      try {
        await row.getByTestId('strategy-issue').click();
        await expect.poll(() => row.getByTestId('issue-status').textContent(), { timeout: 15_000 }).toBe(L.status['2']);
        // the gateway's reason code in the reader's language, never the code or English in zh
        expect(await row.getByTestId('issue-reason').textContent()).toBe(L.gatewayReason.controllerBusy);
      } finally {
        gw.opts.failureRate = 0;
      }
      await row.getByTestId('strategy-retry').click();
      await expect.poll(() => row.getByTestId('issue-status').textContent(), { timeout: 15_000 }).toBe(L.status['1']);
      await row.getByTestId('strategy-records').click();
      await expect.poll(() => page.getByTestId('distribution-row').count()).toBeGreaterThanOrEqual(3);
      await page.screenshot({ path: `${SHOTS}/modes-list.${lang}.png` });
      expect(errors).toEqual([]);
      await close();
    });

    it(`${lang}: shuts down and enables islanded operation with confirmations, both in Operation history`, async () => {
      // an issued island strategy in force is what enabling needs
      const [st] = await server.services.db.query<{ id: number }>(
        "SELECT id FROM strategies WHERE station_id=$1 AND kind='island' AND deleted_at IS NULL ORDER BY id LIMIT 1",
        [island.id],
      );
      const { page, errors, close } = await open(lang, DEMO.admin, island);
      const token = await page.evaluate(() => localStorage.getItem('accessToken'));
      await callApi(server.url, 'mot', 'issueStrategy', { strategyId: st!.id }, token ?? undefined);
      await server.services.fleet!.settled();
      await page.getByTestId('mode-controls').and(page.locator('[data-loaded=true]')).waitFor();
      const card = page.getByTestId('mode-island');
      const steps: ('enable' | 'shutdown')[] = (await card.getAttribute('data-running')) === 'true' ? ['shutdown', 'enable'] : ['enable', 'shutdown'];
      for (const step of steps) {
        await page.getByTestId(`${step}-island`).click();
        await confirm(page);
        const op = L.switch.op[step === 'enable' ? 'enableIsland' : 'shutDownIsland'];
        await expect
          .poll(() => page.getByTestId('switch-outcome').textContent(), { timeout: 15_000 })
          .toBe(`${L.control.lastCommand.replace('{{operation}}', op)} · ${L.control.acknowledged}`);
        await expect.poll(() => card.getAttribute('data-running')).toBe(step === 'enable' ? 'true' : 'false');
      }
      await page.screenshot({ path: `${SHOTS}/modes-control.${lang}.png` });
      await page.goto(`/operationModeManagement/switchRecord?stationId=${island.id}&serviceProviderId=${island.providerId}`);
      const table = page.getByTestId('switch-table');
      await table.getByTestId('table-row').first().waitFor({ timeout: 10_000 });
      for (const op of ['enableIsland', 'shutDownIsland']) {
        const cell = table.locator(`[data-op=${op}]`).first();
        expect(await cell.textContent()).toBe(L.switch.op[op as 'enableIsland']);
      }
      await page.getByTestId('switch-filter-operation').selectOption('enableIsland');
      await expect.poll(() => table.locator('[data-op=shutDownIsland]').count()).toBe(0);
      expect(await table.locator('[data-op=enableIsland]').count()).toBeGreaterThan(0);
      expect(await table.getByTestId('switch-status').first().textContent()).toBe(L.switch.st['1']);
      await page.screenshot({ path: `${SHOTS}/modes-switch.${lang}.png` });
      expect(errors).toEqual([]);
      await close();
    });
  }

  it('the read-only operator sees no control and the server refuses it', async () => {
    const [mine] = await server.services.db.query<Station>(
      `SELECT s.id, s.provider_id AS "providerId", s.ess_power_kw AS "essPowerKw" FROM stations s
       JOIN accounts a ON a.account = 'operator' AND s.id = ANY(a.scope_station_ids) ORDER BY s.id LIMIT 1`,
    );
    const { page, close } = await open('en', DEMO.operator, mine!);
    await page.getByTestId('mode-controls').and(page.locator('[data-loaded=true]')).waitFor({ timeout: 15_000 });
    await page.getByTestId('strategies-peakShaving').and(page.locator('[data-loaded=true]')).waitFor();
    for (const id of ['enable-peakShaving', 'shutdown-island', 'strategy-create', 'strategy-issue', 'strategy-edit', 'strategy-delete'])
      expect(await page.getByTestId(id).count()).toBe(0);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const r = await callApi(server.url, 'mot', 'setControlMode', { stationId: mine!.id, mode: 'peakShaving', enabled: false }, token ?? undefined);
    expect((r.body as { code: number }).code).not.toBe(0);
    await close();
  });
});
