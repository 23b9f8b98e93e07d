// Alarm notifications in Chromium against the real server and a real SMTP server, in en and zh:
// a provider administrator opens "Notifications" from the user menu, is told at each field what
// is wrong with a bad rule, creates a rule by the form's labels, sends a test (the page says it
// was delivered and the SMTP server has it), raises an alarm that arrives by e-mail, and reads
// the delivery in the notification log (reached from the system menu). With a local SMS gateway,
// a rule that picks SMS by its label texts a raised fault to the number given, in the words and
// station time the reader expects, and the log shows it. Ticking the webhook channel offers its
// events (alarms, dispatch results, reports ready) by their labels. Screenshots of both pages at 1366 and
// 1920 px in light and dark and at 390 px go to /tmp/notify-shots/.
import { mkdirSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import enCommon from '../../../locales/en/common.json';
import zhCommon from '../../../locales/zh/common.json';
import enAlarms from '../../../locales/en/alarms.json';
import zhAlarms from '../../../locales/zh/alarms.json';
import enN from '../../../locales/en/notifications.json';
import zhN from '../../../locales/zh/notifications.json';
import { formatWall } from '../../../protocol/site-time';
import { startMailSink, type MailSink } from '../../../server/notifications/receivers';
import { DEFAULT_SMS_TEMPLATE } from '../../../server/notifications/sms';
import { href } from '../../../src/lib/paths';
import { startSmsGateway, type SmsGatewaySink } from '../../../server/notifications/sms-receiver';
import { describeBrowser } from '../helpers/browser';
import { callApi, DEMO, tokenOf } from '../helpers/console';
import { startServer, type TestServer } from '../helpers/server';
import { openPage, serverAndBrowser } from '../helpers/session';
import { clippedValues } from '../shell/layout-probes';

const SHOTS = '/tmp/notify-shots';
let mail: MailSink;
let sms: SmsGatewaySink;
const stack = serverAndBrowser(async (): Promise<TestServer> => {
  mail = await startMailSink();
  sms = await startSmsGateway();
  return startServer({ seedStations: 6, config: { smtpUrl: mail.url, sms: { url: sms.url, template: DEFAULT_SMS_TEMPLATE } } });
});
afterAll(async () => {
  await mail?.close();
  await sms?.close();
});

const waitFor = async (what: () => boolean, ms = 15_000) => {
  for (const t0 = Date.now(); !what() && Date.now() - t0 < ms;) await new Promise((r) => setTimeout(r, 100));
  return what();
};

for (const lang of ['en', 'zh'] as const) {
  const C = lang === 'en' ? enCommon : zhCommon;
  const A = lang === 'en' ? enAlarms : zhAlarms;
  const N = lang === 'en' ? enN : zhN;
  describeBrowser(`alarm notifications (${lang})`, () => {
    const open = (path?: string, width = 1600, height = 900) =>
      openPage(stack.browser, { baseURL: stack.server.url, language: lang, width, height, who: DEMO.provider, ...(path && { path }) });
    const address = `ops-${lang}@sunrise.example`;
    const ruleName = lang === 'en' ? 'Faults to the duty phone' : '故障通知值班';
    /** Back on the rule list, deletes the rule of `row` after the question. */
    const deleteRule = async (page: Page, row: Locator) => {
      await page.goto('/alarm/notifications');
      await row.getByRole('button', { name: N.action.delete }).click();
      await page.getByTestId('confirm-ok').click();
      await row.waitFor({ state: 'detached' });
    };

    it('an administrator creates a rule, tests it, and an alarm arrives by e-mail and is in the log', async () => {
      const { page, errors, close } = await open('/homepage/index');
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: C.app.notifications }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/alarm/notifications');
      await page.getByRole('heading', { name: C.routes.alarmNotifications }).waitFor();

      await page.getByRole('button', { name: N.rules.create }).click();
      const dialog = page.getByRole('dialog', { name: N.rules.create });
      // every bad input is named at its field
      await dialog.getByLabel(N.field.email).fill('ops@');
      await dialog.getByLabel(N.field.quietFrom).fill('22:00');
      await dialog.getByLabel(N.field.zone).fill('Mars/Olympus');
      await dialog.getByRole('button', { name: C.app.confirm }).click();
      await expect.poll(() => dialog.getByLabel(N.field.name).getAttribute('aria-invalid')).toBe('true');
      await dialog.getByText(N.issue.name).waitFor();
      expect(await dialog.getByLabel(N.field.email).getAttribute('aria-invalid')).toBe('true');
      await dialog.getByText(N.issue.email).waitFor();
      await dialog.getByText(N.issue.quietBoth).waitFor();
      await dialog.getByText(N.issue.zone).waitFor();
      const channels = dialog.getByRole('group', { name: N.field.channels });
      await channels.getByLabel(N.channel.email, { exact: true }).uncheck();
      await dialog.getByRole('button', { name: C.app.confirm }).click();
      await dialog.getByText(N.issue.channels).waitFor();

      await dialog.getByLabel(N.field.name).fill(ruleName);
      await dialog.getByRole('group', { name: N.field.categories }).getByLabel(A.category.fault, { exact: true }).check();
      await channels.getByLabel(N.channel.email, { exact: true }).check();
      await dialog.getByLabel(N.field.email).fill(address);
      await dialog.getByLabel(N.field.quietFrom).fill('');
      await dialog.getByLabel(N.field.zone).fill('Asia/Shanghai');
      await dialog.getByRole('button', { name: C.app.confirm }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ hasText: ruleName });
      await row.waitFor();
      expect(await row.textContent()).toContain(address);

      // a test-send: the page says it was delivered, and the SMTP server has it
      mail.mails.length = 0;
      await row.getByRole('button', { name: N.action.test }).click();
      const outcome = page.getByTestId('test-result');
      await outcome.waitFor();
      expect(await outcome.getAttribute('data-outcome')).toBe('sent');
      expect(await outcome.textContent()).toContain(N.test.sent);
      expect(await waitFor(() => mail.mails.some((m) => m.subject?.includes(ruleName)))).toBe(true);

      // a fault raised on a station of the provider arrives by e-mail, in the rule's language
      const token = (await tokenOf(page))!;
      const stations = (
        (await callApi(stack.server.url, 'energystorage', 'queryStationInfoList', { page: 1, length: 10 }, token)).body.data as {
          dataList: { stationId: number; stationName: string }[];
        }
      ).dataList;
      const content = `notify e2e ${lang} ${Date.now()}`;
      const alarm = await stack.server.alarm({ stationId: stations[0]!.stationId, category: 'fault', content, publish: false });
      expect(await waitFor(() => mail.mails.some((m) => m.text?.includes(content)), 20_000)).toBe(true);
      const got = mail.mails.find((m) => m.text?.includes(content))!;
      expect(got.subject).toMatch(lang === 'en' ? /^\[Alarm\] / : /^\[告警\] /);
      expect(got.subject).toContain(stations[0]!.stationName);
      expect(got.to).toMatchObject({ text: address });

      // the notification log, from the system menu, shows it delivered
      await page.getByRole('button', { name: C.menu.systemManagement }).click();
      await page.getByRole('link', { name: C.routes.systemNotificationLog }).click();
      await page.getByRole('heading', { name: C.routes.systemNotificationLog }).waitFor();
      await page.getByLabel(N.log.alarmId).fill(String(alarm.id));
      const entry = page.getByTestId('table-row').filter({ has: page.locator('[data-testid="delivery-kind"][data-kind="raised"]') });
      await entry.first().waitFor();
      // the typed id filters once typing settles: until then the other language's run shows too
      await expect.poll(() => entry.count(), { timeout: 10_000 }).toBe(1);
      expect(await entry.getByTestId('delivery-status').textContent()).toBe(N.status.sent);
      expect(await entry.getByTestId('delivery-address').textContent()).toBe(address);
      expect(await entry.getByTestId('delivery-attempts').textContent()).toBe('1');
      // times are read in a zone, and the column names it
      expect(await page.getByRole('columnheader').first().textContent()).toMatch(/(UTC|[A-Za-z_]+\/[A-Za-z_]+)/);

      // the rule is deleted after a question, and nothing more is sent for it
      await deleteRule(page, row);
      expect(errors).toEqual([]);
      await close();
    }, 180_000);

    it('a rule that picks SMS by its label texts a raised fault to its number, and the log shows it', async () => {
      const { page, errors, close } = await open('/alarm/notifications');
      const number = lang === 'en' ? '+447700900123' : '+8613800138000';
      const name = lang === 'en' ? 'Faults by text' : '故障短信';
      await page.getByRole('button', { name: N.rules.create }).click();
      const dialog = page.getByRole('dialog', { name: N.rules.create });
      await dialog.getByLabel(N.field.name).fill(name);
      await dialog.getByRole('group', { name: N.field.categories }).getByLabel(A.category.fault, { exact: true }).check();
      const channels = dialog.getByRole('group', { name: N.field.channels });
      await channels.getByLabel(N.channel.email, { exact: true }).uncheck();
      await channels.getByLabel(N.channel.sms, { exact: true }).check();
      await dialog.getByLabel(N.field.mobile).fill(number);
      await dialog.getByRole('button', { name: C.app.confirm }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = page.getByRole('row').filter({ hasText: name });
      await row.waitFor();
      expect(await row.textContent()).toContain(number);

      const token = (await tokenOf(page))!;
      const station = (
        (await callApi(stack.server.url, 'energystorage', 'queryStationInfoList', { page: 1, length: 10 }, token)).body.data as {
          dataList: { stationId: number; stationName: string }[];
        }
      ).dataList[0]!;
      const alarm = await stack.server.alarm({ stationId: station.stationId, category: 'fault', content: `sms e2e ${lang}`, publish: false });
      expect(await waitFor(() => sms.requests.some((r) => r.body.to === number), 20_000)).toBe(true);
      const texts = sms.requests.filter((r) => r.body.to === number).map((r) => String(r.body.text));
      expect(texts).toHaveLength(1);
      // one line in the rule's language: level, station, …, and the raise on the station's clock with its zone
      const zone = stack.server.services.registry.stations.get(station.stationId)!.timezone;
      const when = `${formatWall(zone, alarm.happenTime.getTime()).slice(5, 16)} (${zone})`;
      expect(texts[0]).toMatch(lang === 'en' ? /^\[Alarm\] Fault - / : /^\[告警\] 故障 · /);
      if (lang === 'en') expect(texts[0]).toContain(` - ${station.stationName} - `);
      expect(texts[0]!.endsWith(when)).toBe(true);
      expect(texts[0]!.length).toBeLessThanOrEqual(lang === 'en' ? 160 : 70);

      await page.goto('/system/notificationLog');
      await page.getByRole('heading', { name: C.routes.systemNotificationLog }).waitFor();
      await page.getByLabel(N.log.alarmId).fill(String(alarm.id));
      const entry = page.getByTestId('table-row').filter({ has: page.locator('[data-testid="delivery-channel"][data-channel="sms"]') });
      await expect.poll(() => entry.count(), { timeout: 10_000 }).toBe(1);
      expect(await entry.getByTestId('delivery-channel').textContent()).toBe(N.channel.sms);
      expect(await entry.getByTestId('delivery-status').textContent()).toBe(N.status.sent);
      expect(await entry.getByTestId('delivery-address').textContent()).toBe(number);

      await deleteRule(page, row);
      expect(errors).toEqual([]);
      await close();
    }, 180_000);

    it('screenshots of the rules and the log, light and dark, wide and phone', async () => {
      mkdirSync(SHOTS, { recursive: true });
      // a rule with every option, so the list shows its longest cells
      const first = await open('/alarm/notifications');
      const token = (await tokenOf(first.page))!;
      const saved = await callApi(
        stack.server.url,
        'alarm',
        'saveNotificationRule',
        {
          name: ruleName,
          categories: ['fault', 'protection'],
          alarmTypes: ['fault'],
          deviceTypes: ['pcs', 'battery_cluster'],
          channels: ['email', 'webhook', 'push'],
          events: ['alarm', 'dispatch.result', 'report.ready'],
          email: address,
          webhookUrl: 'https://hooks.sunrise.example/ems/alarms',
          quietFrom: '22:30',
          quietTo: '06:30',
          zone: 'Asia/Shanghai',
          digestMinutes: 15,
        },
        token,
      );
      expect(saved.body.code).toBe(0);
      await first.close();
      const sizes = [
        [1366, 768],
        [1920, 1080],
        [390, 844],
      ] as const;
      for (const [w, h] of sizes) {
        for (const theme of ['light', 'dark'] as const) {
          if (w === 390 && theme === 'dark' && lang === 'zh') continue;
          const { page, ctx, close } = await open(undefined, w, h);
          await ctx.addInitScript((t) => localStorage.setItem('theme', t), theme);
          for (const name of ['alarm.notifications', 'system.notificationLog'] as const) {
            await page.goto(href(name));
            await page.locator('[data-loaded="true"]').waitFor();
            await page.waitForTimeout(400);
            await shot(page, `${SHOTS}/${name}-${lang}-${w}-${theme}.png`);
            if (name === 'alarm.notifications' && w !== 390)
              expect(await page.getByTestId('rule-channels-cell').first().getAttribute('title')).toContain(
                `${N.channel.webhook} https://hooks.sunrise.example/ems/alarms (${[N.eventShort.alarm, N.eventShort.dispatchResult, N.eventShort.reportReady].join(', ')})`,
              );
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
            expect(overflow, `${name} ${w} ${theme} scrolls sideways`).toBeLessThanOrEqual(0);
            expect(await clippedValues(page), `${name} ${w} ${theme}: times, figures and names shown whole`).toEqual([]);
          }
          if (w === 1366) {
            await page.goto(href('alarm.notifications'));
            await page.getByRole('button', { name: N.rules.create }).click();
            await page.getByTestId('rule-dialog').waitFor();
            await page.waitForTimeout(300);
            await shot(page, `${SHOTS}/dialog-${lang}-${w}-${theme}.png`);
            if (theme === 'light') {
              // a webhook offers its events, alarms ticked; the others are chosen by their labels
              await page.getByRole('checkbox', { name: N.channel.webhook, exact: true }).check();
              const events = page.getByRole('group', { name: N.field.events });
              expect(await events.getByRole('checkbox', { name: N.event.alarm, exact: true }).isChecked()).toBe(true);
              await events.getByRole('checkbox', { name: N.event.dispatchResult }).check();
              await events.getByRole('checkbox', { name: N.event.reportReady }).check();
              await events.scrollIntoViewIfNeeded();
              await shot(page, `${SHOTS}/dialog-webhook-${lang}-${w}.png`);
            }
          }
          await close();
        }
      }
    }, 240_000);
  });
}

const shot = (page: Page, path: string) => page.screenshot({ path, fullPage: false });
