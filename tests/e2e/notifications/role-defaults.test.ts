// Notification defaults by role in Chromium against the real server, in en and zh: the provider
// administrator adds a default rule on a role's page by the dialog's labels (the dialog offers no
// webhook and asks for no address); an account holding the role finds it on its Notifications
// page, read-only with the role's name, and turns it off for itself, which the server keeps.
// Screenshots of both pages at 1366 px go to /tmp/notify-shots/.
import { mkdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import enCommon from '../../../locales/en/common.json';
import zhCommon from '../../../locales/zh/common.json';
import enAlarms from '../../../locales/en/alarms.json';
import zhAlarms from '../../../locales/zh/alarms.json';
import enN from '../../../locales/en/notifications.json';
import zhN from '../../../locales/zh/notifications.json';
import { describeBrowser } from '../helpers/browser';
import { DEMO } from '../helpers/console';
import { startServer } from '../helpers/server';
import { openPage, serverAndBrowser } from '../helpers/session';

const SHOTS = '/tmp/notify-shots';
const stack = serverAndBrowser(() => startServer({ seedStations: 4 }));

for (const lang of ['en', 'zh'] as const) {
  const C = lang === 'en' ? enCommon : zhCommon;
  const A = lang === 'en' ? enAlarms : zhAlarms;
  const N = lang === 'en' ? enN : zhN;
  describeBrowser(`notification defaults by role (${lang})`, () => {
    it('a default added on the role page reaches its member, who turns it off for itself', async () => {
      mkdirSync(SHOTS, { recursive: true });
      const db = stack.server.services.db;
      const [member] = await db.query<{ id: number; roleId: number; roleName: string }>(
        `SELECT a.id, a.role_id AS "roleId", r.name AS "roleName" FROM accounts a JOIN roles r ON r.id = a.role_id WHERE a.account = $1`,
        [DEMO.operator.account],
      );
      const ruleName = lang === 'en' ? 'Faults to the duty team' : '故障通知值班组';

      const admin = await openPage(stack.browser, {
        baseURL: stack.server.url,
        language: lang,
        width: 1366,
        height: 768,
        who: DEMO.provider,
        path: `/system/roleDetail?roleId=${member!.roleId}`,
      });
      const section = admin.page.getByRole('region', { name: N.roleRules.title });
      await section.waitFor();
      await section.getByRole('button', { name: N.roleRules.create }).click();
      const dialog = admin.page.getByRole('dialog', { name: N.roleRules.create });
      await dialog.getByLabel(N.field.name).fill(ruleName);
      await dialog.getByRole('group', { name: N.field.categories }).getByLabel(A.category.fault, { exact: true }).check();
      const channels = dialog.getByRole('group', { name: N.field.channels });
      expect(await channels.getByLabel(N.channel.email, { exact: true }).isChecked()).toBe(true);
      // each member is told at its own address: no webhook, no address field
      expect(await channels.getByLabel(N.channel.webhook, { exact: true }).count()).toBe(0);
      expect(await dialog.getByLabel(N.field.email).count()).toBe(0);
      await dialog.getByText(N.roleRules.addresses).waitFor();
      await admin.page.screenshot({ path: `${SHOTS}/role-dialog-${lang}-1366.png` });
      await dialog.getByRole('button', { name: C.app.confirm }).click();
      await dialog.waitFor({ state: 'detached' });
      const listed = section.getByRole('listitem').filter({ hasText: ruleName });
      await listed.waitFor();
      expect(await listed.textContent()).toContain(A.category.fault);
      await admin.page.waitForTimeout(300);
      await admin.page.screenshot({ path: `${SHOTS}/role-page-${lang}-1366.png`, fullPage: true });
      expect(admin.errors).toEqual([]);
      await admin.close();

      const mine = await openPage(stack.browser, {
        baseURL: stack.server.url,
        language: lang,
        width: 1366,
        height: 768,
        who: DEMO.operator,
        path: '/alarm/notifications',
      });
      const fromRole = mine.page.getByRole('region', { name: N.roleRules.mine });
      const item = fromRole.getByRole('listitem').filter({ hasText: ruleName });
      await item.waitFor();
      expect(await item.textContent()).toContain(N.roleRules.fromRole.replace('{{role}}', member!.roleName));
      // read-only: the member's list has no edit or delete for it
      expect(await item.getByRole('button').count()).toBe(0);
      const receive = item.getByRole('switch', { name: N.roleRules.receive.replace('{{name}}', ruleName) });
      expect(await receive.isChecked()).toBe(true);
      await receive.click();
      await expect.poll(() => item.textContent()).toContain(N.roleRules.off);
      await mine.page.waitForTimeout(300);
      await mine.page.screenshot({ path: `${SHOTS}/role-mine-${lang}-1366.png` });
      const ruleId = (await db.query<{ id: number }>('SELECT id FROM notification_rules WHERE name = $1', [ruleName]))[0]!.id;
      expect(await db.query('SELECT 1 FROM notification_rule_mutes WHERE rule_id = $1 AND account_id = $2', [ruleId, member!.id])).toHaveLength(1);
      // after a reload the page still says it is off
      await mine.page.reload();
      await item.waitFor();
      expect(await item.getByRole('switch').isChecked()).toBe(false);
      expect(mine.errors).toEqual([]);
      await mine.close();
    }, 180_000);
  });
}
