// Dead-letter replay in Chromium, en and zh: a webhook receiver that fails makes a raised fault's
// delivery dead (one attempt allowed); the receiver is mended; the administrator finds the dead
// row in the notification log, presses its Replay button, confirms, is told it is queued again,
// and after a reload the row is delivered and its attempts show who replayed it. Screenshots at
// 1366 px and 390 px go to /tmp/notify-shots/.
import { mkdirSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import enN from '../../../locales/en/notifications.json';
import zhN from '../../../locales/zh/notifications.json';
import { startHookSink, type HookSink } from '../../../server/notifications/receivers';
import { describeBrowser } from '../helpers/browser';
import { callApi, DEMO, tokenOf } from '../helpers/console';
import { startServer, type TestServer } from '../helpers/server';
import { openPage, serverAndBrowser } from '../helpers/session';

const SHOTS = '/tmp/notify-shots';
let hook: HookSink;
let secret = '';
const stack = serverAndBrowser(async (): Promise<TestServer> => {
  hook = await startHookSink(() => secret);
  return startServer({ seedStations: 4, config: { notify: { pollMs: 200, leaseMs: 30_000, maxAttempts: 1, stormGraceMs: 30_000, webhookTimeoutMs: 5_000 } } });
});
afterAll(async () => {
  await hook?.close();
});

for (const lang of ['en', 'zh'] as const) {
  const N = lang === 'en' ? enN : zhN;
  describeBrowser(`dead-letter replay (${lang})`, () => {
    it('a dead webhook delivery is replayed by its button and then delivered under the same event id', async () => {
      mkdirSync(SHOTS, { recursive: true });
      const { page, errors, close } = await openPage(stack.browser, {
        baseURL: stack.server.url,
        language: lang,
        width: 1366,
        height: 800,
        who: DEMO.provider,
        path: '/system/notificationLog',
      });
      const token = (await tokenOf(page))!;
      const saved = await callApi(
        stack.server.url,
        'alarm',
        'saveNotificationRule',
        {
          name: `hook ${lang}`,
          enabled: true,
          categories: ['fault'],
          alarmTypes: [],
          deviceTypes: [],
          stationIds: [],
          channels: ['webhook'],
          webhookUrl: hook.url,
          zone: 'UTC',
        },
        token,
      );
      expect(saved.body.code).toBe(0);
      secret = (saved.body.data as { webhookSecret: string }).webhookSecret;
      const stations = (await callApi(stack.server.url, 'energystorage', 'queryStationInfoList', { page: 1, length: 1 }, token)).body.data as {
        dataList: { stationId: number }[];
      };
      hook.status = 503;
      hook.hooks.length = 0;
      const alarm = await stack.server.alarm({ stationId: stations.dataList[0]!.stationId, category: 'fault', content: `replay ${lang}`, publish: false });
      await expect.poll(() => hook.hooks.length, { timeout: 15_000 }).toBe(1);

      await page.getByLabel(N.log.alarmId).fill(String(alarm.id));
      const row = page
        .getByTestId('delivery-table')
        .getByRole('row')
        .filter({ has: page.locator('[data-status="dead"]') });
      await expect.poll(async () => (await page.getByTestId('log-reload').click(), await row.count()), { timeout: 15_000 }).toBe(1);
      await page.screenshot({ path: `${SHOTS}/replay-dead-${lang}-1366.png` });

      hook.status = 204;
      const deliveryId = Number(hook.hooks[0]!.eventId.replace('ntf_', ''));
      await row.getByRole('button', { name: N.log.replayRow.replace('{{id}}', String(deliveryId)) }).click();
      const ask = page.getByTestId('confirm-dialog');
      await ask.getByText(N.log.replayTitle).waitFor();
      expect(await ask.textContent()).toContain(lang === 'en' ? 'Send 1 dead delivery again?' : '重新发送 1 条失败投递？');
      await page.screenshot({ path: `${SHOTS}/replay-confirm-${lang}-1366.png` });
      await ask.getByRole('button', { name: N.log.replay }).click();
      await expect
        .poll(() => page.getByTestId('log-replay-outcome').textContent())
        .toContain(lang === 'en' ? '1 delivery queued again' : '已重新排队 1 条投递');

      await expect.poll(() => hook.hooks.length, { timeout: 15_000 }).toBe(2);
      expect(hook.hooks[1]).toMatchObject({ eventId: `ntf_${deliveryId}`, signatureValid: true });
      const sent = page.getByTestId('delivery-table').locator('[data-status="sent"]');
      await expect.poll(async () => (await page.getByTestId('log-reload').click(), await sent.count()), { timeout: 15_000 }).toBe(1);
      await sent.click();
      const attempts = page.getByTestId('attempts-dialog');
      await attempts.getByText(N.outcome.replayed).waitFor();
      await page.screenshot({ path: `${SHOTS}/replay-attempts-${lang}-1366.png` });
      await page.keyboard.press('Escape');

      // on a phone the dead row's card carries the button too
      hook.status = 503;
      const phoneAlarm = await stack.server.alarm({ stationId: stations.dataList[0]!.stationId, category: 'fault', content: `phone ${lang}`, publish: false });
      await expect.poll(() => hook.hooks.length, { timeout: 15_000 }).toBe(3);
      await page.setViewportSize({ width: 390, height: 800 });
      await page.getByLabel(N.log.alarmId).fill(String(phoneAlarm.id));
      const card = page.getByTestId('delivery-card').filter({ has: page.getByTestId('delivery-replay') });
      await expect.poll(async () => (await page.getByTestId('log-reload').click(), await card.count()), { timeout: 15_000 }).toBe(1);
      await page.screenshot({ path: `${SHOTS}/replay-phone-${lang}-390.png` });
      expect(errors).toEqual([]);
      // the next language's rule is the only webhook rule of the account (one delivery per channel)
      const ruleId = (saved.body.data as { ruleId: number }).ruleId;
      expect((await callApi(stack.server.url, 'alarm', 'deleteNotificationRule', { ruleId }, token)).body.code).toBe(0);
      await close();
    });
  });
}
