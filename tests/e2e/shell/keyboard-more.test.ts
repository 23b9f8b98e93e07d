// More flows by keyboard alone (keyboard.test.ts has the tariff and the acknowledgement): a
// strategy written in the strategy editor, its day split and its periods set on the line and in
// their rows, and saved; an alarm's rule shelved from the alarm list and the alarm assigned from
// its details. Every stop on the way must show a focus ring; text is typed key by key.
import { expect, it } from 'vitest';
import enAlarms from '../../../locales/en/alarms.json';
import enModes from '../../../locales/en/modes.json';
import { en } from '../../catalogues';
import { describeBrowser } from '../helpers/browser';
import { startServer } from '../helpers/server';
import { openDialogByKeyboard } from '../helpers/keyboard';
import { splitFocusedBand } from '../helpers/periodLine';
import { openAsAdmin, serverAndBrowser } from '../helpers/session';
import { alarmRowsByKeyboard, expectFocused, pressUntilFocused } from './keyboard-focus';

const stack = serverAndBrowser(() => startServer({ seedStations: 4 }));

describeBrowser('keyboard only, more flows', () => {
  it('en: writes a three-period strategy in the editor and saves it', async () => {
    const M = enModes;
    const { server } = stack;
    const [st] = await server.services.db.query<{ id: number; provider_id: number }>(
      `SELECT id, provider_id FROM stations WHERE system_type = 1 AND 'ess' = ANY(energy_types) ORDER BY id LIMIT 1`,
    );
    const name = `Keyboard strategy ${Date.now()}`;
    const { page, errors, close } = await openAsAdmin(
      stack,
      `/operationModeManagement/operationModeManagement?stationId=${st!.id}&serviceProviderId=${st!.provider_id}`,
    );
    const create = page.getByRole('button', { name: M.actions.create, exact: true });
    await expect.poll(() => create.isEnabled(), { timeout: 20_000 }).toBe(true);
    const dialog = await openDialogByKeyboard(page, create, M.form.createTitle, { presses: 120 });

    await pressUntilFocused(page, dialog.getByRole('textbox', { name: M.form.name, exact: true }));
    await page.keyboard.type(name);
    // the browser's date fields take digits in their own order; 01-01 and 12-12 read the same either way
    await pressUntilFocused(page, dialog.getByLabel(M.form.startDate, { exact: true }));
    await page.keyboard.type('01012097');
    await pressUntilFocused(page, dialog.getByLabel(M.form.endDate, { exact: true }));
    await page.keyboard.type('12122097');
    const values: Array<[keyof typeof M.form, string]> = [
      ['socUpper', '95'],
      ['socLower', '10'],
      ['cellVoltageUpper', '3.6'],
      ['cellVoltageLower', '2.8'],
      ['demandLimitKw', '5000'],
      ['antiBackflowKw', '0'],
      ['antiOverloadKw', '5000'],
      ['offGridSocUpper', '95'],
      ['offGridSocLower', '15'],
      ['emergencySoc', '20'],
    ];
    for (const [field, v] of values) {
      await pressUntilFocused(page, dialog.getByRole('textbox', { name: M.form[field], exact: true }));
      await page.keyboard.type(v);
    }
    const pv = dialog.getByRole('radio', { name: M.form.pv, exact: true });
    await pressUntilFocused(page, pv);
    await page.keyboard.press('Space');
    expect(await pv.isChecked()).toBe(true);

    // the day: split it in the middle, Page Down five hours back to 07:00; split the later band
    // (07:00-24:00 splits at 15:30) and move that boundary ten quarters on to 18:00
    const line = dialog.getByRole('group', { name: M.form.periodLine });
    const whole = line.getByRole('button', { name: /00:00-24:00/ });
    await pressUntilFocused(page, whole);
    const first = await splitFocusedBand(page, line, `${M.form.boundary} 1`);
    for (let i = 0; i < 5; i++) await page.keyboard.press('PageDown');
    expect(await first.getAttribute('aria-valuetext')).toBe('07:00');
    await page.keyboard.press('Tab');
    await expectFocused(page, line.getByRole('button', { name: /07:00-24:00/ }));
    const second = await splitFocusedBand(page, line, `${M.form.boundary} 2`);
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    expect(await second.getAttribute('aria-valuetext')).toBe('18:00');

    // each period's mode by typing its first letter on its list, its power typed
    const periods: Array<[string, string, string, string]> = [
      ['00:00-07:00', 'c', 'charge', '50'],
      ['18:00-24:00', 'd', 'discharge', '40'],
    ];
    for (const [hours, key, mode, kw] of periods) {
      const select = dialog.getByRole('combobox', { name: `${M.form.mode} ${hours}`, exact: true });
      await pressUntilFocused(page, select);
      await page.keyboard.press(key);
      expect(await select.inputValue()).toBe(mode);
      await page.keyboard.press('Tab');
      await expectFocused(page, dialog.getByRole('textbox', { name: `${M.form.powerKw} ${hours}`, exact: true }));
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(kw);
    }

    await pressUntilFocused(page, dialog.getByRole('button', { name: M.actions.save, exact: true }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await expectFocused(page, create);
    const row = page.locator(`[data-testid=strategy-row][data-name="${name}"]`);
    await row.waitFor({ timeout: 15_000 });

    // stored as typed: the dates, and the three periods with their modes and powers
    const [saved] = await server.services.db.query<{ start_date: string; end_date: string; params: unknown }>(
      `SELECT to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date, params FROM strategies WHERE name = $1`,
      [name],
    );
    expect([saved!.start_date, saved!.end_date]).toEqual(['2097-01-01', '2097-12-12']);
    const params = JSON.stringify(saved!.params);
    expect(params).toMatch(/"charge"/);
    expect(params).toMatch(/"discharge"/);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it("en: shelves an alarm's rule from the alarm list and assigns the alarm from its details", async () => {
    const H = enAlarms.handling;
    const { server } = stack;
    const [st] = await server.services.db.query<{ id: number }>('SELECT id FROM stations ORDER BY id LIMIT 1');
    const tag = `kbs${Date.now()}`;
    const alarm = await server.alarm({ stationId: st!.id, content: `${tag} fan`, category: 'alarm', publish: false });
    const { page, errors, close } = await openAsAdmin(stack, '/alarm/alarmList', { height: 900 });
    const row = await alarmRowsByKeyboard(page, { list: en.routes.alarmAlarmList, keyword: en.station.alarmLog.keyword }, tag, 1);

    // assign: Details, the list of people by arrow, Assign
    const details = row.getByRole('button', { name: H.details, exact: true });
    const dialog = await openDialogByKeyboard(page, details, H.detailTitle);
    const people = dialog.getByRole('combobox', { name: H.assignee, exact: true });
    await pressUntilFocused(page, people);
    await page.keyboard.press('ArrowDown');
    const chosen = await people.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '');
    expect(chosen).not.toBe(H.nobody);
    await pressUntilFocused(page, dialog.getByRole('button', { name: H.assign, exact: true }));
    await page.keyboard.press('Enter');
    const assigned = dialog.locator('[data-event=assigned]');
    await assigned.waitFor({ timeout: 10_000 });
    expect(await assigned.innerText()).toContain(H.events.assigned.replace('{{name}}', chosen));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocused(page, details);

    // shelve: the row's link opens the shelves with the dialog filled; 4 h by arrow, a reason typed
    const shelve = await openDialogByKeyboard(page, row.getByRole('link', { name: H.shelve, exact: true }), H.shelveTitle, { timeout: 15_000 });
    const oneHour = shelve.getByRole('radio', { name: H.durations['60'], exact: true });
    await pressUntilFocused(page, oneHour);
    await page.keyboard.press('ArrowRight');
    await expectFocused(page, shelve.getByRole('radio', { name: H.durations['240'], exact: true }));
    expect(await shelve.getByRole('radio', { name: H.durations['240'], exact: true }).isChecked()).toBe(true);
    await pressUntilFocused(page, shelve.getByRole('textbox', { name: H.reason, exact: true }));
    await page.keyboard.type('Fan replaced this afternoon');
    await pressUntilFocused(page, shelve.getByRole('button', { name: H.shelve, exact: true }));
    await page.keyboard.press('Enter');
    await shelve.waitFor({ state: 'detached', timeout: 15_000 });
    const shelf = page.locator(`[data-testid=shelf-row][data-rule="${alarm.ruleCode}"]`);
    await shelf.waitFor({ timeout: 15_000 });
    expect(await shelf.innerText()).toContain('Fan replaced this afternoon');
    const [stored] = await server.services.db.query<{ minutes: number }>(
      `SELECT round(extract(epoch FROM (until - created_at)) / 60)::int AS minutes FROM alarm_shelves WHERE rule_code = $1`,
      [alarm.ruleCode],
    );
    expect(stored?.minutes).toBe(240);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});
