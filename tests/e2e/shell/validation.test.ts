// SPEC §5 validation messages and §8 login/password messages, in both languages; the language
// switch (SPEC §1).
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser } from '../helpers/browser';
import { startServer } from '../helpers/server';
import { DEMO } from '../helpers/console';
import { openPage, serverAndBrowser, type Account } from '../helpers/session';
import { en, zh } from '../../catalogues';

type Cat = Record<string, Record<string, string>>;
const cat = (l: 'en' | 'zh'): Cat => (l === 'en' ? en : zh) as unknown as Cat;

describeBrowser('validation messages and language', () => {
  const stack = serverAndBrowser(() => startServer());
  const open = (language: 'en' | 'zh', who?: Account) => openPage(stack.browser, { baseURL: stack.server.url, language, ...(who && { who }) });

  const errorOf = async (page: Page, id: string) => (await page.getByTestId(`${id}-error`).textContent())?.trim() ?? '';
  const blurWith = async (page: Page, id: string, value: string) => {
    await page.getByTestId(id).fill(value);
    await page.getByTestId(id).blur();
  };
  const messageBar = async (page: Page) => {
    await page.getByTestId('message-bar').waitFor();
    return (await page.getByTestId('message-bar').textContent())?.trim();
  };

  for (const lng of ['en', 'zh'] as const) {
    const m = cat(lng);
    it(`[${lng}] login messages`, async () => {
      const { page, close } = await open(lng);
      await page.goto('/login');
      await page.getByTestId('login-submit').click();
      expect(await errorOf(page, 'login-account')).toBe(m.login!.accountRequired);
      expect(await errorOf(page, 'login-password')).toBe(m.login!.passwordRequired);
      await page.getByTestId('login-account').fill('admin');
      await page.getByTestId('login-password').fill('wrong-password');
      await page.getByTestId('login-submit').click();
      expect(await messageBar(page)).toBe(m.login!.failed);
      await page.getByTestId('login-password').fill(DEMO.admin.password);
      await page.getByTestId('login-submit').click();
      await page.waitForURL('**/homepage/index');
      await page.waitForFunction((t) => document.querySelector('[data-testid=message-bar]')?.textContent === t, m.login!.succeeded);
      await close();
    });

    it(`[${lng}] find password: e-mail and confirmation`, async () => {
      const { page, close } = await open(lng);
      await page.goto('/findPassword');
      await blurWith(page, 'find-email', 'not-an-email');
      expect(await errorOf(page, 'find-email')).toBe(m.findPassword!.emailInvalid);
      await blurWith(page, 'find-password', 'Abcdefg1');
      await blurWith(page, 'find-confirm', 'Abcdefg2');
      expect(await errorOf(page, 'find-confirm')).toBe(m.findPassword!.mismatch);
      await close();
    });

    it(`[${lng}] change-password dialog: every rule on blur, width 416 px, MD5 on the wire`, async () => {
      const { page, close } = await open(lng, DEMO.provider);
      await page.goto('/alarm/alarmList');
      await page.getByTestId('navbar-change-password').click();
      const dialog = page.getByTestId('change-password-dialog');
      await dialog.waitFor();
      expect(Math.round((await dialog.boundingBox())!.width)).toBe(416);
      const p = m.password!;
      await blurWith(page, 'cp-current', '');
      expect(await errorOf(page, 'cp-current')).toBe(p.currentRequired);
      await blurWith(page, 'cp-next', '');
      expect(await errorOf(page, 'cp-next')).toBe(p.newRequired);
      expect(await page.getByTestId('cp-next').getAttribute('data-errors')).toBe('auth:password.newRequired auth:password.required');
      await blurWith(page, 'cp-next', 'Ab1!');
      expect(await errorOf(page, 'cp-next')).toBe(p.minLength);
      // every forbidden character in the first language; their message in the second
      for (const c of lng === 'en' ? "<>')+/*" : '<') {
        await blurWith(page, 'cp-next', `Abcdefg1${c}`);
        expect(await errorOf(page, 'cp-next')).toBe(p.forbidden);
      }
      await blurWith(page, 'cp-next', 'abcdefgh');
      expect(await errorOf(page, 'cp-next')).toBe(p.classes);
      await blurWith(page, 'cp-next', 'Abcdefg1');
      expect(await errorOf(page, 'cp-next')).toBe('');
      await blurWith(page, 'cp-confirm', '');
      expect(await errorOf(page, 'cp-confirm')).toBe(p.confirmRequired);
      await blurWith(page, 'cp-confirm', 'Abcdefg2');
      expect(await errorOf(page, 'cp-confirm')).toBe(p.confirmMismatch);

      // a wrong current password: 'Verification code reset failed:' + the server message
      const bodies: string[] = [];
      page.on('request', (r) => r.url().endsWith('/api/asset') && bodies.push(r.postData() ?? ''));
      await blurWith(page, 'cp-current', 'not-my-password');
      await blurWith(page, 'cp-confirm', 'Abcdefg1');
      await page.getByTestId('cp-submit').click();
      const text = await messageBar(page);
      expect(text?.startsWith(p.changeFailed!)).toBe(true);
      const sent = new URLSearchParams(bodies.find((b) => b.includes('resetPasswordByOldPassword')) ?? '');
      expect(sent.get('oldPassword')).toMatch(/^[0-9a-f]{32}$/);
      expect(sent.get('newPassword')).toMatch(/^[0-9a-f]{32}$/);
      await close();
    });
  }

  it('a successful change says so and closes the dialog', async () => {
    const { page, close } = await open('en', DEMO.operator);
    await page.goto('/alarm/alarmList');
    await page.getByTestId('navbar-change-password').click();
    await blurWith(page, 'cp-current', DEMO.operator.password);
    await blurWith(page, 'cp-next', 'Operator@2027');
    await blurWith(page, 'cp-confirm', 'Operator@2027');
    await page.getByTestId('cp-submit').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=message-bar]')?.textContent === 'Password reset successful');
    await page.getByTestId('change-password-dialog').waitFor({ state: 'detached' });
    await close();
  });

  it('the language switch stores the choice, reloads, and changes the locale header', async () => {
    const { page, close } = await open('zh');
    await page.goto('/login');
    expect(await page.getByTestId('login-submit').textContent()).toBe(cat('zh').login!.submit);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('language-en').click()]);
    await page.getByTestId('login-submit').waitFor();
    expect(await page.getByTestId('login-submit').textContent()).toBe('Log in');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    const locale = page.waitForRequest((r) => r.url().includes('/api/')).then((r) => r.headers()['locale']);
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill(DEMO.admin.password);
    await page.getByTestId('login-submit').click();
    expect(await locale).toBe('en_GB');
    await close();
  });
});
