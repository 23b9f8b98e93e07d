// On-call schedules in Chromium against the real server, in en and zh: a provider administrator
// opens "On-call schedules" from the system menu, is told at the field that a second tier must
// come later than the first and that a shift needs someone, builds a two-tier schedule by the
// form's labels (an account by its name for tier 1; a role on weekday nights for tier 2), saves
// it, and reopens it to find what was saved. Screenshots of the page and the dialog at 1366 px,
// light and dark, go to /tmp/oncall-shots/; axe finds no serious or critical violation on either.
import { mkdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import enCommon from '../../../locales/en/common.json';
import zhCommon from '../../../locales/zh/common.json';
import enN from '../../../locales/en/notifications.json';
import zhN from '../../../locales/zh/notifications.json';
import { describeBrowser } from '../helpers/browser';
import { callApi, DEMO, tokenOf } from '../helpers/console';
import { startServer } from '../helpers/server';
import { openPage, serverAndBrowser } from '../helpers/session';
import { axeFindings } from '../shell/axe-probe';

const SHOTS = '/tmp/oncall-shots';
const stack = serverAndBrowser(() => startServer({ seedStations: 6 }));
const n = (s: string, v: number) => s.replace('{{n}}', String(v));

/** Whether a box inside `within` looks refused, and the text it is refused with is shown there. */
const refusedAt = async (within: Locator, field: string, text: string) => {
  await expect.poll(() => within.getByLabel(field, { exact: true }).getAttribute('aria-invalid')).toBe('true');
  await within.getByText(text).waitFor();
};

for (const lang of ['en', 'zh'] as const) {
  const C = lang === 'en' ? enCommon : zhCommon;
  const N = lang === 'en' ? enN : zhN;
  const O = N.oncall;
  describeBrowser(`on-call schedules (${lang})`, () => {
    const open = (path?: string, width = 1366, height = 768) =>
      openPage(stack.browser, { baseURL: stack.server.url, language: lang, width, height, who: DEMO.provider, ...(path && { path }) });
    const name = lang === 'en' ? 'Night watch, east sites' : '东区夜间值班';

    it('builds a two-tier schedule by its labels, is refused at a field, saves it and reopens what was saved', async () => {
      const { page, errors, close } = await open('/homepage/index');
      const token = (await tokenOf(page))!;
      const who = (await callApi(stack.server.url, 'alarm', 'queryOncallSchedules', {}, token)).body.data as {
        accounts: { name: string }[];
        roles: { name: string }[];
      };
      const account = who.accounts[0]!.name;
      const role = who.roles[0]!.name;

      await page.getByRole('button', { name: C.menu.systemManagement }).click();
      await page.getByRole('link', { name: C.routes.systemOncall }).click();
      await page.getByRole('heading', { name: C.routes.systemOncall }).waitFor();
      await page.getByRole('button', { name: O.create }).click();
      const dialog = page.getByRole('dialog', { name: O.create });
      await dialog.getByLabel(O.field.name).fill(name);
      await dialog.getByLabel(O.field.zone).fill('Asia/Shanghai');

      const tier1 = dialog.getByRole('group', { name: n(O.tier, 1), exact: true });
      await tier1
        .getByRole('group', { name: n(O.shift, 1) })
        .getByRole('group', { name: O.field.accounts })
        .getByLabel(account, { exact: true })
        .check();

      await dialog.getByRole('button', { name: O.addTier }).click();
      const tier2 = dialog.getByRole('group', { name: n(O.tier, 2), exact: true });
      // a second tier told no later than the first, and a shift with nobody: both named at their fields
      await tier2.getByLabel(O.field.afterMinutes).fill('0');
      await dialog.getByRole('button', { name: C.app.confirm }).click();
      await refusedAt(tier2, O.field.afterMinutes, O.issue.notIncreasing);
      await tier2.getByText(O.issue.nobody).waitFor();
      mkdirSync(SHOTS, { recursive: true });
      await tier2.getByLabel(O.field.afterMinutes).scrollIntoViewIfNeeded();
      await shot(page, `${SHOTS}/refused-${lang}-1366-light.png`);
      expect(await tier1.getByLabel(O.field.afterMinutes).getAttribute('aria-invalid')).toBe('false');

      await tier2.getByLabel(O.field.afterMinutes).fill('15');
      await tier2.getByRole('group', { name: N.field.channels }).getByLabel(N.channel.sms, { exact: true }).check();
      const night = tier2.getByRole('group', { name: n(O.shift, 1) });
      const days = night.getByRole('group', { name: O.field.days });
      await days.getByLabel(O.day['6'], { exact: true }).uncheck();
      await days.getByLabel(O.day['7'], { exact: true }).uncheck();
      await night.getByLabel(O.field.from, { exact: true }).fill('20:00');
      await night.getByLabel(O.field.to, { exact: true }).fill('08:00');
      await night.getByRole('group', { name: O.field.roles }).getByLabel(role, { exact: true }).check();
      await dialog.getByRole('button', { name: C.app.confirm }).click();
      await dialog.waitFor({ state: 'detached' });

      const row = page.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      const tiers = await row.getByTestId('oncall-tiers').textContent();
      expect(tiers).toContain(`${n(O.tier, 1)}: ${O.atOnce}`);
      expect(tiers).toContain(`${n(O.tier, 2)}: ${n(O.afterMin, 15)}`);

      // reopened, it shows what was saved
      await row.getByRole('button', { name: N.action.edit }).click();
      const again = page.getByRole('dialog', { name: O.edit });
      expect(await again.getByLabel(O.field.name).inputValue()).toBe(name);
      expect(await again.getByLabel(O.field.zone).inputValue()).toBe('Asia/Shanghai');
      const t1 = again.getByRole('group', { name: n(O.tier, 1), exact: true });
      const t2 = again.getByRole('group', { name: n(O.tier, 2), exact: true });
      expect(await t1.getByLabel(O.field.afterMinutes).inputValue()).toBe('0');
      expect(await t1.getByRole('group', { name: O.field.accounts }).getByLabel(account, { exact: true }).isChecked()).toBe(true);
      expect(await t2.getByLabel(O.field.afterMinutes).inputValue()).toBe('15');
      expect(await t2.getByRole('group', { name: N.field.channels }).getByLabel(N.channel.sms, { exact: true }).isChecked()).toBe(true);
      const shift = t2.getByRole('group', { name: n(O.shift, 1) });
      expect(await shift.getByLabel(O.field.from, { exact: true }).inputValue()).toBe('20:00');
      expect(await shift.getByLabel(O.field.to, { exact: true }).inputValue()).toBe('08:00');
      expect(await shift.getByRole('group', { name: O.field.days }).getByLabel(O.day['6'], { exact: true }).isChecked()).toBe(false);
      expect(await shift.getByRole('group', { name: O.field.days }).getByLabel(O.day['5'], { exact: true }).isChecked()).toBe(true);
      expect(await shift.getByRole('group', { name: O.field.roles }).getByLabel(role, { exact: true }).isChecked()).toBe(true);

      // the server has the same
      const saved = (await callApi(stack.server.url, 'alarm', 'queryOncallSchedules', {}, token)).body.data as {
        dataList: {
          name: string;
          zone: string;
          tiers: { afterMinutes: number; channels: string[]; shifts: { days: number[]; from: string; to: string }[] }[];
        }[];
      };
      const mine = saved.dataList.find((s) => s.name === name)!;
      expect(mine.tiers.map((t) => [t.afterMinutes, t.channels])).toEqual([
        [0, ['email']],
        [15, ['email', 'sms']],
      ]);
      expect(mine.tiers[1]!.shifts[0]).toMatchObject({ days: [1, 2, 3, 4, 5], from: '20:00', to: '08:00' });

      await shot(page, `${SHOTS}/dialog-${lang}-1366-light.png`);
      expect(errors).toEqual([]);
      await close();
    }, 180_000);

    it('screenshots of the page and the dialog, light and dark', async () => {
      mkdirSync(SHOTS, { recursive: true });
      for (const theme of ['light', 'dark'] as const) {
        const { page, ctx, close } = await open();
        await ctx.addInitScript((t) => localStorage.setItem('theme', t), theme);
        await page.goto('/system/oncall');
        await page.locator('[data-loaded="true"]').waitFor();
        await page.waitForTimeout(300);
        await shot(page, `${SHOTS}/page-${lang}-1366-${theme}.png`);
        // no serious or critical axe violation on the page, nor in the dialog below
        expect(await axeFindings(page, `${lang} ${theme} on-call page`)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `page ${theme} scrolls sideways`).toBeLessThanOrEqual(0);
        await page.getByRole('button', { name: N.action.edit }).first().click();
        const dialog = page.getByRole('dialog', { name: O.edit });
        await dialog.getByLabel(O.field.name).waitFor();
        await page.waitForTimeout(300);
        await shot(page, `${SHOTS}/dialog-top-${lang}-1366-${theme}.png`);
        expect(await axeFindings(page, `${lang} ${theme} on-call dialog`, '[data-dialog]')).toEqual([]);
        // the dialog's form scrolls inside it: its end, with the second tier and the buttons
        await dialog.getByRole('button', { name: O.addTier }).scrollIntoViewIfNeeded();
        await shot(page, `${SHOTS}/dialog-end-${lang}-1366-${theme}.png`);
        // nothing of the form reaches outside the dialog
        const spill = await page.locator('[data-dialog]').evaluate((d) => {
          const box = d.getBoundingClientRect();
          return [...d.querySelectorAll('input, button, legend, p')].filter((e) => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1);
          }).length;
        });
        expect(spill).toBe(0);
        await close();
      }
    }, 120_000);
  });
}

const shot = (page: Page, path: string) => page.screenshot({ path, fullPage: false });
