// Console-level helpers for e2e tests: sign in, read state, sign API calls as a given token.
import type { Page } from 'playwright-core';
import type { State } from '../../../streams/state';

/** The console exposes a read-only view of its store for tests and benches. */
export type EmsWindow = Window & { __ems: { state(): State } };
import { buildSignedForm, webCryptoHmacSha256 } from '../../../protocol/signing';
import { CONSOLE_ACCESS_KEY_ID, CONSOLE_ACCESS_KEY_SECRET } from '../../../protocol/console-key';

export const DEMO = {
  admin: { account: 'admin', password: 'Admin@2026' },
  provider: { account: 'sunrise', password: 'Sunrise@2026' },
  operator: { account: 'operator', password: 'Operator@2026' },
} as const;

export async function login(page: Page, who: { account: string; password: string }, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByTestId('login-account').fill(who.account);
  await page.getByTestId('login-password').fill(who.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login') && u.pathname !== '/', { timeout: 20_000 });
}

export const pathOf = (page: Page): string => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};

export const storeState = <T>(page: Page, pick: string): Promise<T> =>
  page.evaluate((p) => {
    const s = (window as unknown as { __ems: { state(): Record<string, unknown> } }).__ems.state();
    return p.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], s);
  }, pick) as Promise<T>;

/** A function of the console's store state (source text, `s => …`), evaluated in the page. */
export const evalState = <T>(page: Page, fn: string): Promise<T> => page.evaluate(`(${fn})(window.__ems.state())`) as Promise<T>;

/** POSTs a signed form to an API endpoint as the console does: its client header and locale, and
 *  the session's token when given. */
export const postSignedForm = (baseURL: string, endpoint: string, body: string, token?: string): Promise<Response> =>
  fetch(`${baseURL}/api/${endpoint}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-ems-client': '1',
      locale: 'en_GB',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });

/** A signed API call from Node, as the console would make it. */
export async function callApi(baseURL: string, endpoint: string, action: string, payload: Record<string, unknown>, token?: string) {
  const body = await buildSignedForm({ action, payload, accessKeyId: CONSOLE_ACCESS_KEY_ID, secret: CONSOLE_ACCESS_KEY_SECRET, hmac: webCryptoHmacSha256 });
  const res = await postSignedForm(baseURL, endpoint, body, token);
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

export const tokenOf = (page: Page): Promise<string | null> => page.evaluate(() => localStorage.getItem('accessToken'));
