// A two-part tariff built in the editor by its labels, in en and zh: a peak-period demand charge
// with a ratchet, a capacity price, a fixed fee and two tiered rates; a broken rule's message at its own field;
// saved, and stored as typed. The dialog is photographed at 1366 and 1920 px, light and dark.
import { beforeAll, expect, it } from 'vitest';
import enTariffs from '../../../locales/en/tariffs.json';
import zhTariffs from '../../../locales/zh/tariffs.json';
import { addDateDays, dateKey } from '../../../protocol/site-time';
import { TWO_PART_CHARGES } from '../../../server/test/tariffs';
import { describeBrowser } from '../helpers/browser';
import { callApi, DEMO, tokenOf } from '../helpers/console';
import { openPage, serverAndBrowser } from '../helpers/session';
import { startTariffServer, type TariffServer } from './server';

const stack = serverAndBrowser(startTariffServer);
const fill = (T: { editor: Record<string, string> }, key: string, cur: string) => T.editor[key]!.replace('{{currency}}', cur);

for (const [lang, T, first, cur] of [
  ['en', enTariffs, 0, 'CNY'],
  ['zh', zhTariffs, 5, '元'],
] as const) {
  describeBrowser(`two-part tariff in the editor (${lang})`, () => {
    let server: TariffServer;
    beforeAll(() => void (server = stack.server));

    it('builds demand, capacity and fixed charges by their labels, shows a broken rule at its field, saves them', async () => {
      const { providerId, stations } = await server.biggestProvider();
      const st = stations[first]!;
      await server.clearPlans([st.id]);
      for (const [width, theme] of [
        [1366, 'light'],
        [1920, 'dark'],
        [1366, 'dark'],
        [1920, 'light'],
      ] as const) {
        const { page, close } = await openPage(stack.browser, {
          baseURL: server.url,
          language: lang,
          width,
          height: width === 1366 ? 768 : 1080,
          who: DEMO.admin,
        });
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        await page.goto(`/electricityPriceManagement/electricityPriceManagement?stationId=${st.id}&serviceProviderId=${providerId}`);
        await page.getByTestId('tariff-create').click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: T.editor.addDemand }).click();
        await dialog.getByLabel(fill(T, 'demandPrice', cur)).fill('32.5');
        await dialog.getByLabel(T.editor.demandWindow).selectOption('30');
        await dialog.getByLabel(T.editor.onlyPeriods).check();
        await dialog.getByLabel(T.editor.ratchetPercent).fill('120');
        await dialog.getByLabel(T.editor.ratchetMonths).fill('11');
        await dialog.getByLabel(fill(T, 'capacityPrice', cur)).fill('21');
        await dialog.getByLabel(fill(T, 'fixedFee', cur)).fill('150.123456');
        // two tiers: the first starts at 0 kWh; the second must start above it
        await dialog.getByRole('button', { name: T.editor.addTier }).click();
        await dialog.getByRole('button', { name: T.editor.addTier }).click();
        await dialog.getByTestId('tier-from-1').fill('0');
        await dialog.getByTestId('tier-adder-1').fill('0.05');
        await dialog.getByTestId('tariff-save').click();
        await expect.poll(() => dialog.getByTestId('tier-from-1-error').innerText()).toBe(T.errors.blockOrder);
        await expect.poll(() => dialog.getByTestId('demand-ratchet-percent-0-error').innerText()).toBe(T.errors.ratchetPercent);
        expect(await dialog.getByTestId('fixed-fee-error').innerText()).toBe(T.errors.priceFormat);
        await dialog.getByTestId('charges-editor').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `.tmp/charges-${lang}-${width}-${theme}.png` });
        // nothing of the dialog lies outside the window
        const box = (await dialog.boundingBox())!;
        expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= (width === 1366 ? 768 : 1080)).toBe(true);
        // a tier row fits the dialog's width: its remove button is not cut off
        await dialog.getByTestId('tier-remove-1').scrollIntoViewIfNeeded();
        const rm = (await dialog.getByTestId('tier-remove-1').boundingBox())!;
        expect(rm.x + rm.width <= box.x + box.width).toBe(true);
        if (width === 1920 && theme === 'light') {
          await dialog.getByLabel(T.editor.ratchetPercent).fill('80');
          await dialog.getByLabel(fill(T, 'fixedFee', cur)).fill('150');
          await dialog.getByTestId('tier-from-1').fill('5000');
          await dialog.getByTestId('tariff-name').fill(`Two-part ${lang}`);
          await dialog.getByTestId('slot-from-grid').first().fill('0.5');
          await dialog.getByTestId('slot-feed-in').first().fill('0.1');
          await dialog.getByTestId('tariff-date').fill(addDateDays(dateKey(st.timezone, Date.now()), 3));
          await dialog.getByTestId('tariff-save').click();
          await expect.poll(() => dialog.isVisible()).toBe(false);
          const token = (await tokenOf(page))!;
          const r = await callApi(server.url, 'mot', 'queryStationTariffs', { stationId: st.id }, token);
          const saved = (r.body.data as { pending: { name: string; charges: unknown }[] }).pending.find((x) => x.name === `Two-part ${lang}`);
          expect(saved?.charges).toEqual(TWO_PART_CHARGES);
          // its preview, reached from its card, names every charge in the reader's language
          const card = page.locator('[data-testid=tariff-card]', { hasText: `Two-part ${lang}` });
          await card.getByRole('link', { name: T.actions.preview }).click();
          const charges = page.getByTestId('charges-summary');
          await charges.waitFor({ timeout: 15_000 });
          const lines = await charges.locator('li').allInnerTexts();
          const peak = T.period.peak;
          expect(lines).toEqual([
            `${T.editor.demandSummary.replace('{{price}}', '32.5').replace('{{currency}}', cur).replace('{{window}}', '30').replace('{{periods}}', peak)}; ${T.editor.ratchetSummary.replace('{{percent}}', '80').replace('{{months}}', '11')}`,
            T.editor.capacitySummary.replace('{{price}}', '21').replace('{{currency}}', cur),
            T.editor.fixedSummary.replace('{{price}}', '150').replace('{{currency}}', cur),
            T.editor.tierSummary.replace('{{n}}', '1').replace('{{from}}', '0').replace('{{adder}}', '0').replace('{{currency}}', cur),
            T.editor.tierSummary.replace('{{n}}', '2').replace('{{from}}', '5000').replace('{{adder}}', '0.05').replace('{{currency}}', cur),
          ]);
        }
        await close();
      }
    }, 180_000);
  });
}
