// System management in Chromium against the real server, in zh and en (one server for both):
// a provider administrator creates an account scoped to two stations, which then sees only those
// two (station list, alarm list); disabling it ends its live session; deleting asks first; a
// permission removed from a role leaves the holder's menu and the server refuses it; two-factor
// enrolment from the user menu, then sign-in with a code and with a recovery code, and enrolment at
// sign-in when the role requires it; the audit log lists each of these. The flows run in full in
// the first language; the second reads its messages only, reaching them by the shortest way.
import { generate } from 'otplib';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { md5 } from '../../../protocol/md5';
import { en, zh } from '../../catalogues';
import enSystem from '../../../locales/en/system.json';
import zhSystem from '../../../locales/zh/system.json';
import { describeBrowser } from '../helpers/browser';
import { callApi, DEMO, tokenOf } from '../helpers/console';
import { startServer } from '../helpers/server';
import { openPage, serverAndBrowser, type Account } from '../helpers/session';

const PASSWORD = 'Scoped@2026';
const pathOfUrl = (page: Page): string => new URL(page.url()).pathname;
type Station = { stationId: number; stationName: string };

const stack = serverAndBrowser(() => startServer({ seedStations: 12 }));
const ROLE = 'Site operator (read-only)';

for (const lang of ['en', 'zh'] as const) {
  const L = lang === 'en' ? en : zh;
  const S = lang === 'en' ? enSystem : zhSystem;
  const full = lang === 'en';
  describeBrowser(`system management (${lang})`, () => {
    const open = (who?: Account, path?: string) =>
      openPage(stack.browser, {
        baseURL: stack.server.url,
        language: lang,
        width: 1600,
        height: 900,
        ...(who && { who }),
        ...(path !== undefined && { path }),
      });
    const api = async (page: Page, endpoint: string, action: string, payload: Record<string, unknown>) =>
      callApi(stack.server.url, endpoint, action, payload, (await tokenOf(page)) ?? undefined);
    /** the account and password pages, up to the second step of sign-in */
    const signIn = async (page: Page, account: string) => {
      await page.goto('/login');
      await page.getByTestId('login-account').fill(account);
      await page.getByTestId('login-password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
    };
    /** creates an account in the signed-in provider's organisation, of the read-only role unless `roleId` */
    const createAccount = async (admin: Page, account: string, roleId?: number) => {
      if (roleId === undefined) {
        const roles = ((await api(admin, 'asset', 'queryRoleList', { page: 1, length: 100 })).body.data as { dataList: { roleId: number; name: string }[] })
          .dataList;
        roleId = roles.find((r) => r.name === ROLE)!.roleId;
      }
      const me = (await api(admin, 'asset', 'queryProfile', {})).body.data as { orgId: number };
      expect((await api(admin, 'asset', 'createAccount', { orgId: me.orgId, account, password: md5(PASSWORD), roleId })).body.code).toBe(0);
    };
    const rowOf = (page: Page, account: string) =>
      page.getByTestId('table-row').filter({ has: page.getByTestId('account-cell').getByText(account, { exact: true }) });
    const name = `scoped-${lang}`;

    it.runIf(!full)('says why a weak password, disabling oneself and deleting are refused or asked', async () => {
      const admin = await open(DEMO.provider, '/system/account');
      await createAccount(admin.page, name);
      await admin.page.reload();
      await admin.page.getByTestId('account-create').click();
      const dialog = admin.page.getByTestId('account-dialog');
      await dialog.getByTestId('account-password').fill('short');
      await dialog.getByTestId('account-confirm').fill('short');
      await dialog.getByTestId('account-save').click();
      await expect.poll(() => dialog.innerText()).toContain(L.password.minLength);
      await admin.page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await refuseSelfThenDelete(admin.page);
      await admin.close();
    });

    /** oneself cannot be disabled (the server's reason is shown); delete asks, then the row is gone */
    const refuseSelfThenDelete = async (page: Page) => {
      await rowOf(page, DEMO.provider.account).getByTestId('account-action-status').click();
      await page.getByTestId('status-dialog').getByTestId('confirm-ok').click();
      await expect.poll(() => page.getByTestId('confirm-error').innerText()).toBe(S.refused.self);
      await page.getByTestId('status-dialog').getByTestId('confirm-cancel').click();

      await rowOf(page, name).getByTestId('account-action-delete').click();
      const ask = page.getByTestId('delete-dialog');
      expect(await ask.innerText()).toContain(S.deleteAsk);
      await ask.getByTestId('confirm-ok').click();
      await ask.waitFor({ state: 'detached' });
      await expect.poll(() => rowOf(page, name).count()).toBe(0);
    };

    it.runIf(full)('creates a two-station account that sees only those stations, ends its session on disable and deletes it after asking', async () => {
      const admin = await open(DEMO.provider, '/system/account');
      const stations = ((await api(admin.page, 'energystorage', 'queryStationInfoList', { page: 1, length: 1000 })).body.data as { dataList: Station[] })
        .dataList;
      expect(stations.length).toBeGreaterThan(2);
      const two = stations.slice(0, 2);

      await admin.page.getByTestId('account-create').click();
      const dialog = admin.page.getByTestId('account-dialog');
      await dialog.getByTestId('account-org').selectOption({ index: 0 });
      await dialog.getByTestId('account-name').fill(name);
      await dialog.getByTestId('account-contact').fill('Scoped tester');
      await dialog.getByTestId('account-role').selectOption({ label: ROLE });
      await dialog.getByTestId('scope-stations').check();
      // the picker searches customers and stations
      await dialog.getByTestId('station-search').fill(two[0]!.stationName);
      await dialog.locator(`[data-testid=station-option][data-station="${two[0]!.stationId}"]`).check();
      await dialog.getByTestId('station-search').fill('');
      await dialog.locator(`[data-testid=station-option][data-station="${two[1]!.stationId}"]`).check();
      // a weak initial password is refused by the SPEC §5 rules before sending
      await dialog.getByTestId('account-password').fill('short');
      await dialog.getByTestId('account-confirm').fill('short');
      await dialog.getByTestId('account-save').click();
      await expect.poll(() => dialog.innerText()).toContain(L.password.minLength);
      await dialog.getByTestId('account-password').fill(PASSWORD);
      await dialog.getByTestId('account-confirm').fill(PASSWORD);
      await dialog.getByTestId('account-save').click();
      await dialog.waitFor({ state: 'detached' });
      await rowOf(admin.page, name).waitFor();
      expect(await rowOf(admin.page, name).innerText()).toContain(ROLE);

      // the new account sees exactly its two stations, in the list and in the alarms
      const scoped = await open({ account: name, password: PASSWORD }, '/monitor-station/list');
      await scoped.page.getByTestId('table-row').first().waitFor({ timeout: 20_000 });
      await expect.poll(() => scoped.page.getByTestId('table-row').count()).toBe(2);
      const listed = (await scoped.page.getByTestId('table-row').allInnerTexts()).join('\n');
      for (const s of two) expect(listed).toContain(s.stationName);
      await stack.server.alarm({ stationId: two[0]!.stationId, publish: false });
      await stack.server.alarm({ stationId: stations[2]!.stationId, publish: false });
      await scoped.page.goto('/alarm/alarmList');
      await scoped.page.locator('[data-testid=alarm-list][data-loaded=true]').waitFor({ timeout: 20_000 });
      await scoped.page.getByTestId('alarm-row').first().waitFor();
      const seen = await scoped.page.getByTestId('alarm-row').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-station'))));
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((id) => id === two[0]!.stationId || id === two[1]!.stationId)).toBe(true);

      // disabling it while it is signed in: its next step lands on the login page
      await rowOf(admin.page, name).getByTestId('account-action-status').click();
      await admin.page.getByTestId('status-dialog').getByTestId('confirm-ok').click();
      await admin.page.getByTestId('status-dialog').waitFor({ state: 'detached' });
      await expect.poll(() => rowOf(admin.page, name).getByTestId('account-status').getAttribute('data-status')).toBe('0');
      await scoped.page.goto('/monitor-station/list');
      await scoped.page.waitForURL((u) => u.pathname === '/login', { timeout: 20_000 });
      await scoped.close();

      await refuseSelfThenDelete(admin.page);
      await admin.close();
    });

    it('removes a permission from a role: the holder loses the menu entry and the server refuses', async () => {
      const [perm, path, action] =
        lang === 'en'
          ? ([
              'alarm.alarmAnalysis',
              '/alarm/alarmList',
              ['alarm', 'queryAlarmAnalysis', { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }],
            ] as const)
          : (['monitor.customers', '/monitor-station/list', ['asset', 'queryServiceProviderList', {}]] as const);
      if (full) {
        const holder = await open(DEMO.operator, path);
        await holder.page.locator(`[data-menu="${perm}"]`).waitFor({ timeout: 20_000 });
        await holder.close();
      }

      const admin = await open(DEMO.provider, '/system/role');
      await admin.page.getByTestId('role-cell').getByText(ROLE).click();
      await admin.page.locator('[data-testid=role-detail][data-loaded=true]').waitFor();
      const box = admin.page.locator(`[data-testid=perm][data-perm="${perm}"]`);
      expect(await admin.page.locator(`[data-testid=preview-entry][data-perm="${perm}"]`).count()).toBe(1);
      await box.uncheck();
      // the preview drops the entry before saving; the group box turns mixed
      expect(await admin.page.locator(`[data-testid=preview-entry][data-perm="${perm}"]`).count()).toBe(0);
      await admin.page.getByTestId('role-save').click();
      await expect
        .poll(() =>
          admin.page
            .getByTestId('message-bar')
            .innerText()
            .catch(() => ''),
        )
        .toContain(S.done.saved);
      await admin.close();
      if (!full) return;

      const after = await open(DEMO.operator, path);
      await after.page.locator('[data-menu]').first().waitFor();
      expect(await after.page.locator(`[data-menu="${perm}"]`).count()).toBe(0);
      const refused = await api(after.page, action[0], action[1], action[2]);
      expect(refused.body.code).toBe(2003);
      await after.close();
    });

    // seven sign-ins in the first language: more than the default time on a busy machine
    it('enrols in two-factor sign-in, then signs in with a code and with a recovery code; the audit log lists it all', async () => {
      const account = `twofa-${lang}`;
      const admin = await open(DEMO.provider);
      await createAccount(admin.page, account);

      const user = await open({ account, password: PASSWORD });
      let secret: string;
      let recovery: string[] = [];
      if (full) {
        await user.page.getByTestId('user-menu').click();
        await user.page.getByTestId('menu-two-factor').click();
        const dialog = user.page.getByTestId('two-factor-dialog');
        await dialog.getByTestId('two-factor-start').click();
        secret = (await dialog.getByTestId('two-factor-secret').innerText()).trim();
        await dialog.getByTestId('two-factor-code').fill(await generate({ secret }));
        await dialog.getByTestId('two-factor-confirm').click();
        await expect.poll(() => dialog.getByTestId('recovery-code').count()).toBe(10);
        recovery = (await dialog.getByTestId('recovery-code').allInnerTexts()).map((c) => c.trim());
      } else {
        // the dialog's steps were walked in the first language: here the actions behind them
        secret = ((await api(user.page, 'asset', 'startTwoFactorEnrolment', {})).body.data as { secret: string }).secret;
        expect((await api(user.page, 'asset', 'confirmTwoFactorEnrolment', { code: await generate({ secret }) })).body.code).toBe(0);
      }
      await user.close();

      // the next sign-in asks for the code (the next period's: each period's code works once)
      const again = await open();
      await signIn(again.page, account);
      await again.page.getByTestId('second-step').waitFor();
      await again.page.getByTestId('second-step-code').fill('000000');
      await again.page.getByTestId('second-step-submit').click();
      await expect.poll(() => again.page.getByTestId('second-step').innerText()).toContain(S.twoFactor.wrongCode);
      if (full) {
        await again.page.getByTestId('second-step-code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
        await again.page.getByTestId('second-step-submit').click();
        await again.page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
      }
      await again.close();
      if (full) await signInOtherWays(admin.page, account, recovery);

      // the audit log names each step of this file
      await admin.page.goto('/system/audit');
      await admin.page.locator('[data-testid=audit-log][data-loaded=true]').waitFor();
      await admin.page.getByTestId('audit-row').first().waitFor();
      const actions = new Set(
        await admin.page.getByTestId('audit-row').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-action')}:${e.getAttribute('data-outcome')}`)),
      );
      if (full)
        for (const a of [
          'createAccount:ok',
          'setAccountStatus:ok',
          'deleteAccount:ok',
          'saveRole:ok',
          'confirmTwoFactorEnrolment:ok',
          'signIn:ok',
          'signIn:failed',
        ])
          expect(actions, a).toContain(a);
      // the action filter narrows to one kind, translated
      await admin.page.getByTestId('audit-action').selectOption('deleteAccount');
      await expect
        .poll(async () => new Set(await admin.page.getByTestId('audit-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))))
        .toEqual(new Set(['deleteAccount']));
      expect(await admin.page.getByTestId('audit-row').first().innerText()).toContain(S.auditAction.deleteAccount);
      await admin.close();
    }, 120_000);

    it("reads the audit log in the reader's language: sentences with names, no JSON, null or bare ids", async () => {
      const admin = await open(DEMO.provider);
      const me = (await api(admin.page, 'asset', 'queryProfile', {})).body.data as { orgId: number; orgName: string };
      const role = `Audited ${lang}`;
      const saved = (await api(admin.page, 'asset', 'saveRole', { name: role, permissions: ['homepage.index', 'alarm.alarmList'] })).body.data as {
        roleId: number;
      };
      expect((await api(admin.page, 'asset', 'saveRole', { roleId: saved.roleId, name: role, permissions: ['homepage.index'] })).body.code).toBe(0);
      await createAccount(admin.page, `audited-${lang}`, saved.roleId);
      await admin.page.goto('/system/audit');
      await admin.page.locator('[data-testid=audit-log][data-loaded=true]').waitFor();
      const texts = async (action: string) => {
        await admin.page.getByTestId('audit-action').selectOption(action);
        await expect
          .poll(async () => new Set(await admin.page.getByTestId('audit-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-action')))))
          .toEqual(new Set([action]));
        return admin.page.getByTestId('audit-row').allInnerTexts();
      };
      const roleRows = await texts('saveRole');
      const edited = roleRows.find((r) => r.includes(role) && r.includes(S.auditField.before))!;
      expect(edited, roleRows.join('\n')).toBeTruthy();
      // permission labels, the organisation's name, the role named as the target
      expect(edited).toContain(S.perm.homepage_index);
      expect(edited).toContain(S.perm.alarm_alarmList);
      expect(edited).toContain(me.orgName);
      expect(edited).toContain(`${S.auditTarget.role} ${role}`);
      await admin.page.screenshot({ path: `/tmp/rawvals-audit-${lang}.png` });
      const accountRows = await texts('createAccount');
      const created = accountRows.find((r) => r.includes(`audited-${lang}`))!;
      expect(created).toContain(`${S.auditTarget.account} audited-${lang}`);
      expect(created).toContain(role);
      for (const row of [...roleRows, ...accountRows]) {
        expect(row).not.toMatch(/[[\]{}"]|\bnull\b|homepage\.index|alarm\.alarmList/);
        expect(row).not.toMatch(new RegExp(`(${S.auditTarget.account}|${S.auditTarget.role}|${S.auditField.orgId}|${S.auditField.roleId})[:：]? ?\\d+\\b`));
      }
      await admin.close();
    });

    /** with a recovery code, then enrolment at sign-in for a role that requires a second factor */
    const signInOtherWays = async (admin: Page, account: string, recovery: string[]) => {
      const third = await open();
      await signIn(third.page, account);
      await third.page.getByTestId('second-step-recovery').click();
      await third.page.getByTestId('second-step-code').fill(recovery[0]!);
      await third.page.getByTestId('second-step-submit').click();
      await third.page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
      await third.close();

      // a role that requires a second factor: its holder enrols at sign-in and sees the codes once
      const strict = (await api(admin, 'asset', 'saveRole', { name: `Strict ${lang}`, permissions: ['homepage.index'], requiresTwoFactor: true })).body
        .data as { roleId: number };
      await createAccount(admin, `${account}-strict`, strict.roleId);
      const enrol = await open();
      await signIn(enrol.page, `${account}-strict`);
      await enrol.page.locator('[data-testid=second-step][data-mode=enrol]').waitFor();
      await enrol.page.getByTestId('second-step-qr').waitFor();
      const strictSecret = (await enrol.page.getByTestId('second-step-secret').innerText()).trim();
      await enrol.page.getByTestId('second-step-code').fill(await generate({ secret: strictSecret }));
      await enrol.page.getByTestId('second-step-submit').click();
      await expect.poll(() => enrol.page.getByTestId('recovery-code').count()).toBe(10);
      expect(pathOfUrl(enrol.page)).toBe('/login');
      await enrol.page.getByTestId('second-step-continue').click();
      await enrol.page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
      await enrol.close();
    };
  });
}
