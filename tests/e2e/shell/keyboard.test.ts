// Two everyday flows by keyboard alone (Tab, Shift+Tab, Enter, arrows, Escape; text typed key by
// key): a tariff of three periods built on the 24-hour line and saved, then an alarm found in the
// list, reached by moving between rows and acknowledged. Every control focused on the way shows a
// focus ring, and a dialog hands focus back to the control that opened it.
import { expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import enTariffs from '../../../locales/en/tariffs.json';
import { en, zh } from '../../catalogues';
import { describeBrowser } from '../helpers/browser';
import { startServer } from '../helpers/server';
import { openDialogByKeyboard } from '../helpers/keyboard';
import { splitFocusedBand } from '../helpers/periodLine';
import { openAsAdmin, serverAndBrowser } from '../helpers/session';
import { alarmRowsByKeyboard, expectFocused, pressUntilFocused } from './keyboard-focus';

const stack = serverAndBrowser(() => startServer({ seedStations: 4 }));

const bandsOf = (line: Locator) =>
  line.locator('[data-start]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-start')}-${e.getAttribute('data-end')}`));

describeBrowser('keyboard only', () => {
  it('en: builds a three-period tariff on the line, prices it and saves it', async () => {
    const T = enTariffs;
    const { server } = stack;
    const [st] = await server.services.db.query<{ id: number; provider_id: number }>('SELECT id, provider_id FROM stations ORDER BY id LIMIT 1');
    await server.services.db.query('DELETE FROM tariffs WHERE station_id = $1 AND effective_date >= CURRENT_DATE - 1', [st!.id]);
    const { page, errors, close } = await openAsAdmin(
      stack,
      `/electricityPriceManagement/electricityPriceManagement?stationId=${st!.id}&serviceProviderId=${st!.provider_id}`,
    );
    const create = page.getByRole('button', { name: T.actions.create, exact: true });
    await expect.poll(() => create.isEnabled(), { timeout: 20_000 }).toBe(true);
    // the dialog's own box is the panel inside it
    const dialog = await openDialogByKeyboard(page, create, T.editor.titleNew);

    await pressUntilFocused(page, dialog.getByRole('textbox', { name: T.editor.name }));
    await page.keyboard.type('Keyboard TOU');

    // the whole day is one flat band: Enter splits it at 12:00 and focus lands on the new
    // boundary, which Page Down moves back an hour a press
    const line = dialog.getByRole('group', { name: `${T.editor.slots} 1` });
    await pressUntilFocused(page, line.getByRole('button', { name: `${T.period.flat} 00:00-24:00. ${T.editor.split}` }));
    const first = await splitFocusedBand(page, line, `${T.editor.boundary} 1`);
    expect(await first.getAttribute('aria-valuetext')).toBe('12:00');
    for (let i = 0; i < 4; i++) await page.keyboard.press('PageDown');
    expect(await first.getAttribute('aria-valuetext')).toBe('08:00');
    // Tab reaches the band after it; split that at 16:00, two hours right in quarters
    await page.keyboard.press('Tab');
    await expectFocused(page, line.getByRole('button', { name: `${T.period.flat} 08:00-24:00. ${T.editor.split}` }));
    const second = await splitFocusedBand(page, line, `${T.editor.boundary} 2`);
    for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight');
    expect(await second.getAttribute('aria-valuetext')).toBe('18:00');
    // Shift+Tab walks back along the day
    await page.keyboard.press('Shift+Tab');
    await expectFocused(page, line.getByRole('button', { name: `${T.period.flat} 08:00-18:00. ${T.editor.split}` }));
    expect(await bandsOf(line)).toEqual(['00:00-08:00', '08:00-18:00', '18:00-24:00']);

    // each slot's period by arrows on its list box, its prices typed
    const rows = [
      { steps: 1, kind: 'valley', fromGrid: '0.1', feedIn: '0.05' },
      { steps: -1, kind: 'peak', fromGrid: '0.3', feedIn: '0.05' },
      { steps: 0, kind: 'flat', fromGrid: '0.2', feedIn: '0.05' },
    ];
    for (const [i, r] of rows.entries()) {
      const period = dialog.getByRole('combobox', { name: `${T.editor.periodOf} ${i + 1}` });
      await pressUntilFocused(page, period);
      for (let k = 0; k < Math.abs(r.steps); k++) await page.keyboard.press(r.steps > 0 ? 'ArrowDown' : 'ArrowUp');
      expect(await period.inputValue()).toBe(r.kind);
      await page.keyboard.press('Tab');
      await expectFocused(page, dialog.getByRole('textbox', { name: new RegExp(`^From-grid price .* ${i + 1}$`) }));
      await page.keyboard.type(r.fromGrid);
      await page.keyboard.press('Tab');
      await expectFocused(page, dialog.getByRole('textbox', { name: new RegExp(`^Feed-in price .* ${i + 1}$`) }));
      await page.keyboard.type(r.feedIn);
    }
    expect(await bandsOf(line)).toEqual(['00:00-08:00', '08:00-18:00', '18:00-24:00']);
    expect(await line.locator('[data-start]').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(['valley', 'peak', 'flat']);

    await pressUntilFocused(page, dialog.getByRole('button', { name: T.actions.save, exact: true }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await expectFocused(page, create);

    // listed: its name, its three bands on the card's line and the prices under it
    const card = page.getByTestId('tariff-card').filter({ hasText: 'Keyboard TOU' });
    await card.waitFor({ timeout: 15_000 });
    const cardLine = card.getByRole('group', { name: `${T.editor.slots} 1` });
    expect(await cardLine.getByRole('img').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual([
      `${T.period.valley} 00:00-08:00`,
      `${T.period.peak} 08:00-18:00`,
      `${T.period.flat} 18:00-24:00`,
    ]);
    const prices = await card.getByTestId('slot-prices').innerText();
    for (const p of ['0.1', '0.3', '0.2']) expect(prices).toContain(p);

    // its preview: the price chart says its figures in words and shows its data as a table
    await pressUntilFocused(page, card.getByRole('link', { name: T.actions.preview }));
    await page.keyboard.press('Enter');
    const chart = page.getByTestId('price-chart').first().getByRole('figure').first();
    await chart.waitFor({ timeout: 15_000 });
    const summary = await chart.locator('figcaption').textContent();
    expect(summary).toMatch(
      /^From-grid price .*, Feed-in price .*, 00:00 to 24:00\. From-grid price .*: lowest 0\.1 .*\/kWh, highest 0\.3 .*\/kWh, latest 0\.2 .*\/kWh\./,
    );
    const toggle = chart.getByRole('button', { name: en.app.chart.showTable });
    await pressUntilFocused(page, toggle);
    await page.keyboard.press('Enter');
    const hide = chart.getByRole('button', { name: en.app.chart.hideTable });
    await expectFocused(page, hide);
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    const table = chart.getByRole('region', { name: en.app.chart.showTable }).getByRole('table');
    expect(await table.getByRole('row').count()).toBe(5); // the header, 00:00, 08:00, 18:00, 24:00
    expect(await table.getByRole('row').nth(2).innerText()).toMatch(/^08:00\t0\.3\t0\.05$/);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it('zh: finds an alarm, moves to the next row by arrow, acknowledges it and comes back to the row', async () => {
    const L = zh;
    const { server } = stack;
    const [st] = await server.services.db.query<{ id: number }>('SELECT id FROM stations ORDER BY id LIMIT 1');
    const tag = `kb${Date.now()}`;
    const older = await server.alarm({ stationId: st!.id, content: `${tag} 1`, category: 'alarm', publish: false });
    await new Promise((r) => setTimeout(r, 20));
    const newer = await server.alarm({ stationId: st!.id, content: `${tag} 2`, category: 'alarm', publish: false });
    const { page, errors, close } = await openAsAdmin(stack, '/alarm/alarmList', { language: 'zh', height: 900 });
    const rows = await alarmRowsByKeyboard(page, { list: L.routes.alarmAlarmList, keyword: L.station.alarmLog.keyword }, tag, 2);
    const ids = await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-alarm'))));
    expect(new Set(ids)).toEqual(new Set([older.id, newer.id]));

    // into the table: the first row's first control, then Down to the same control a row below
    const firstRow = rows.nth(0);
    const secondRow = rows.nth(1);
    await pressUntilFocused(page, firstRow.getByRole('button').first());
    await page.keyboard.press('ArrowDown');
    await expectFocused(page, secondRow.getByRole('button').first());
    await page.keyboard.press('ArrowUp');
    await expectFocused(page, firstRow.getByRole('button').first());
    await page.keyboard.press('ArrowDown');
    const details = secondRow.getByRole('button', { name: L.alarms.handling.details, exact: true });
    const dialog = await openDialogByKeyboard(page, details, L.alarms.handling.detailTitle);
    const note = dialog.getByRole('textbox', { name: L.alarms.handling.note }).first();
    await pressUntilFocused(page, note);
    await page.keyboard.type('keyboard ack');
    await pressUntilFocused(page, dialog.getByRole('button', { name: L.alarms.handling.ack, exact: true }));
    await page.keyboard.press('Enter');
    const acked = dialog.locator('[data-event=acked]');
    await acked.waitFor({ timeout: 10_000 });
    expect(await acked.innerText()).toContain('keyboard ack');
    expect(await acked.innerText()).toContain(L.alarms.handling.events.acked);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(page, details);
    await expect.poll(() => secondRow.getByTestId('alarm-acked-by').innerText(), { timeout: 10_000 }).toMatch(/✓ \S/);
    expect(await firstRow.getByTestId('alarm-acked-by').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});
