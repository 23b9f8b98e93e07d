// API tokens in Chromium, in en and zh: a provider administrator opens "API tokens" from the user
// menu, is told at its fields what a token still needs, creates one by the form's labels, sees its
// secret once (and copies it), an integration calls the API with it, and after revoking it the
// same call is refused. Screenshots at 1366 and 1920 px, light and dark, go to /tmp/token-shots/;
// at 1366 px axe finds no serious or critical violation on the page or in the dialog.
import { mkdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import enCommon from '../../../locales/en/common.json';
import zhCommon from '../../../locales/zh/common.json';
import enSystem from '../../../locales/en/system.json';
import zhSystem from '../../../locales/zh/system.json';
import { describeBrowser } from '../helpers/browser';
import { DEMO } from '../helpers/console';
import { startServer } from '../helpers/server';
import { openPage, serverAndBrowser } from '../helpers/session';
import { axeFindings, line } from '../shell/axe-probe';

const SHOTS = '/tmp/token-shots';
const stack = serverAndBrowser(() => startServer({ seedStations: 6 }));

/** An integration's call: the token as bearer, a JSON body, no signature. */
const integrationCall = async (base: string, secret: string) => {
  const res = await fetch(`${base}/api/energystorage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({ action: 'queryStationInfoList', length: 50 }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; data: { totalCount: number; dataList: { stationName: string }[] } | null },
  };
};

for (const lang of ['en', 'zh'] as const) {
  const C = lang === 'en' ? enCommon : zhCommon;
  const S = (lang === 'en' ? enSystem : zhSystem).apiTokens;
  const P = (lang === 'en' ? enSystem : zhSystem).perm;
  const A = (lang === 'en' ? enSystem : zhSystem).account;
  const name = lang === 'en' ? 'Nightly export' : '夜间导出';

  describeBrowser(`API tokens (${lang})`, () => {
    const open = (width = 1600, height = 900) =>
      openPage(stack.browser, { baseURL: stack.server.url, language: lang, width, height, who: DEMO.provider, path: '/homepage/index' });

    it("creates a token by its labels, shows the secret once, and revoking it ends the integration's access", async () => {
      const { page, ctx, errors, close } = await open();
      await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.server.url });
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: C.app.apiTokens }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/account/apiTokens');
      await page.getByRole('heading', { name: C.routes.apiTokens }).waitFor();
      await page.locator('[data-loaded="true"]').waitFor();

      await page.getByRole('button', { name: S.create }).click();
      const dialog = page.getByRole('dialog', { name: S.create });
      await dialog.getByRole('button', { name: S.create }).click();
      // what is missing is said at its field
      await expect.poll(() => dialog.getByLabel(S.name).getAttribute('aria-invalid')).toBe('true');
      await dialog.getByText(S.nameRequired).waitFor();
      await dialog.getByText(S.permissionsRequired).waitFor();

      await dialog.getByLabel(S.name).fill(name);
      await dialog.getByRole('radio', { name: S.kinds.service }).check();
      await dialog.getByLabel(S.expiry).selectOption({ label: S.days_other.replace('{{count}}', '90') });
      await dialog.getByRole('checkbox', { name: P.monitorStation_list, exact: true }).check();
      await dialog.getByRole('button', { name: S.create }).click();

      const shown = page.getByRole('dialog', { name: S.secretTitle });
      const secret = (await shown.getByLabel(S.secret).textContent())!.trim();
      expect(secret).toMatch(/^emst\.[A-Za-z0-9_-]{43}$/);
      await shown.getByRole('button', { name: S.copy }).click();
      await shown.getByRole('status').getByText(S.copied).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await shown.getByRole('button', { name: C.app.close }).click();
      await shown.getByLabel(S.secret).waitFor({ state: 'hidden' });

      // the list shows the token without its secret
      const row = page.getByRole('row').filter({ hasText: name });
      await row.getByText(S.statuses.active).waitFor();
      await row.getByText(S.kinds.service).waitFor();
      await row.getByText(S.never).waitFor();
      expect(await page.locator('body').textContent()).not.toContain(secret.slice(5));

      // an integration uses it; the page then shows the last use
      const used = await integrationCall(stack.server.url, secret);
      expect(used.status).toBe(200);
      expect(used.body.code).toBe(0);
      expect(used.body.data!.totalCount).toBeGreaterThan(0);
      await page.reload();
      await page.getByRole('row').filter({ hasText: name }).getByText('127.0.0.1').waitFor();

      await page.getByRole('button', { name: S.revokeNamed.replace('{{name}}', name) }).click();
      const confirm = page.getByRole('dialog', { name: S.revokeTitle });
      await confirm.getByRole('button', { name: S.revoke }).click();
      await page.getByRole('row').filter({ hasText: name }).getByText(S.statuses.revoked).waitFor();
      const refused = await integrationCall(stack.server.url, secret);
      expect([refused.status, refused.body.code]).toEqual([401, 2001]);
      expect(errors).toEqual([]);
      await close();
    });

    it('a token for chosen stations: a scope without a station is refused at its field; the integration then reads only that station', async () => {
      const { page, errors, close } = await open();
      await page.goto('/account/apiTokens');
      await page.locator('[data-loaded="true"]').waitFor();
      // the API reference is a link away, a page of its own with every action on it
      const reference = page.context().waitForEvent('page');
      await page.getByRole('link', { name: S.reference }).click();
      const refPage = await reference;
      await refPage.waitForLoadState();
      expect(await refPage.title()).toContain('EMS Cloud API');
      await refPage.locator('#action-queryStationInfoList').waitFor();
      await refPage.close();
      await page.getByRole('button', { name: S.create }).click();
      const dialog = page.getByRole('dialog', { name: S.create });
      await dialog.getByLabel(S.name).fill(`${name} · 1`);
      await dialog.getByRole('checkbox', { name: P.monitorStation_list, exact: true }).check();
      await dialog.getByRole('radio', { name: A.scopeStations }).check();
      await dialog.getByRole('button', { name: S.create }).click();
      await dialog.getByText(S.stationsRequired).waitFor();
      // the first station the picker offers, ticked by its name as a person would
      const station = (await dialog.getByTestId('station-option').first().locator('xpath=..').textContent())!.trim();
      await dialog.getByRole('checkbox', { name: station, exact: true }).check();
      await dialog.getByRole('button', { name: S.create }).click();
      const shown = page.getByRole('dialog', { name: S.secretTitle });
      const secret = (await shown.getByLabel(S.secret).textContent())!.trim();
      const used = await integrationCall(stack.server.url, secret);
      expect(used.status).toBe(200);
      expect(used.body.data!.dataList.map((r) => r.stationName)).toEqual([station]);
      expect(errors).toEqual([]);
      await close();
    });

    it('screenshots of the page and the dialog, light and dark', async () => {
      mkdirSync(SHOTS, { recursive: true });
      for (const [w, h] of [
        [1366, 768],
        [1920, 1080],
      ] as const)
        for (const theme of ['light', 'dark'] as const) {
          const { page, ctx, close } = await open(w, h);
          await ctx.addInitScript((t) => localStorage.setItem('theme', t), theme);
          await page.goto('/account/apiTokens');
          await page.locator('[data-loaded="true"]').waitFor();
          await page.waitForTimeout(300);
          await page.screenshot({ path: `${SHOTS}/page-${lang}-${w}-${theme}.png` });
          if (w === 1366) expect((await axeFindings(page, `${lang} ${theme} page`)).map(line)).toEqual([]);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${w} ${theme} scrolls sideways`).toBeLessThanOrEqual(0);
          await page.getByRole('button', { name: S.create }).click();
          await page.getByRole('dialog', { name: S.create }).getByLabel(S.name).waitFor();
          await page.waitForTimeout(300);
          await page.screenshot({ path: `${SHOTS}/dialog-${lang}-${w}-${theme}.png` });
          if (w === 1366) expect((await axeFindings(page, `${lang} ${theme} dialog`)).map(line)).toEqual([]);
          await close();
        }
    });
  });
}
