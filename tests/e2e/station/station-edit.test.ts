// Editing a station on its overview, in en and zh: an administrator opens the dialog by its
// button, a bad contracted capacity is refused at its field, 1250.5 kVA and a new name are saved
// and the overview and the station bar show the name at once (no reload) while the database holds
// 1250.5; the read-only operator sees no button and the server refuses it the action.
// The dialog is photographed in zh dark and en light (.tmp/station-edit-*.png).
import { beforeAll, expect, it } from 'vitest';
import enStation from '../../../locales/en/station.json';
import zhStation from '../../../locales/zh/station.json';
import { describeBrowser } from '../helpers/browser';
import { callApi, DEMO, tokenOf } from '../helpers/console';
import { startServer } from '../helpers/server';
import { openPage, serverAndBrowser } from '../helpers/session';

const stack = serverAndBrowser(() => startServer({ seedStations: 12 }));
const SHOTS = '.tmp';
// station 1 is in the operator's scope (seed: stations 1-3 of the first provider)
const STATION = 1;

for (const lang of ['en', 'zh'] as const) {
  const L = (lang === 'zh' ? zhStation : enStation).overview.details;
  const theme = lang === 'zh' ? 'dark' : 'light';
  describeBrowser(`station edit (${lang})`, () => {
    let path = '';
    beforeAll(async () => {
      const [row] = await stack.server.services.db.query<{ provider: number }>('SELECT provider_id AS provider FROM stations WHERE id = $1', [STATION]);
      path = `/overviewStations/overviewStations?stationId=${STATION}&serviceProviderId=${row!.provider}`;
    });

    it('an administrator corrects the name and enters the contracted capacity; both show at once', async () => {
      const { page, close, errors } = await openPage(stack.browser, { baseURL: stack.server.url, language: lang, width: 1366, height: 768, who: DEMO.admin });
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.goto(path);
      await page.getByRole('button', { name: L.edit }).click({ timeout: 20_000 });
      const dialog = page.getByRole('dialog', { name: L.dialogTitle });
      const capacity = dialog.getByLabel(L.capacityKva);
      await capacity.fill('12.345');
      await dialog.getByRole('button', { name: L.save }).click();
      await expect.poll(() => dialog.getByText(L.errors.capacity).isVisible()).toBe(true);
      expect(await capacity.getAttribute('aria-invalid')).toBe('true');
      expect(await dialog.getByText(L.capacityHelp).isVisible()).toBe(true);
      await page.screenshot({ path: `${SHOTS}/station-edit-${lang}-${theme}.png` });

      const name = `${lang === 'zh' ? '滨江储能站' : 'Riverside storage'} ${Date.now() % 10_000}`;
      await dialog.getByLabel(L.stationName).fill(name);
      await capacity.fill('1250.5');
      await dialog.getByRole('button', { name: L.save }).click();
      await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
      await expect.poll(() => page.getByTestId('ov-details-name').locator('dd').textContent()).toBe(name);
      await expect.poll(() => page.getByTestId('station-bar-station').innerText()).toContain(name);
      expect(await page.getByTestId('ov-details-capacity').locator('dd').textContent()).toBe('1,250.5 kVA');
      const [row] = await stack.server.services.db.query<{ name: string; kva: number }>(
        'SELECT name, capacity_kva::float8 AS kva FROM stations WHERE id = $1',
        [STATION],
      );
      expect(row).toEqual({ name, kva: 1250.5 });
      expect(errors).toEqual([]);
      await close();
    }, 120_000);

    it('an account without station.edit sees no button and the server refuses it', async () => {
      const { page, close } = await openPage(stack.browser, { baseURL: stack.server.url, language: lang, width: 1366, height: 768, who: DEMO.operator });
      await page.goto(path);
      await page.getByTestId('ov-details-name').waitFor({ timeout: 20_000 });
      expect(await page.getByRole('button', { name: L.edit }).count()).toBe(0);
      const token = (await tokenOf(page))!;
      const r = await callApi(stack.server.url, 'energystorage', 'updateStation', { stationId: STATION, capacityKva: 10 }, token);
      expect(r.body.code).not.toBe(0);
      const [row] = await stack.server.services.db.query<{ kva: number }>('SELECT capacity_kva::float8 AS kva FROM stations WHERE id = $1', [STATION]);
      expect(row!.kva).toBe(1250.5);
      await close();
    }, 60_000);
  });
}
