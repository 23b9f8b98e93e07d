// The set-up most browser files share: a server and Chromium started together before a block's
// tests (one server for every language of a file), and a page in its own context, signed in as
// an account, in a language, on a path.
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, newContext, watchErrors, type ContextOptions } from './browser';
import { DEMO, login } from './console';

export interface Account {
  account: string;
  password: string;
}

export interface Stack<S> {
  readonly server: S;
  readonly browser: Browser;
}

/**
 * Starts `start()` and Chromium side by side in `beforeAll` of the enclosing block and closes
 * both in its `afterAll`. The answer is read inside tests (its fields are set by then).
 */
export function serverAndBrowser<S extends { close(): Promise<unknown> }>(start: () => Promise<S>, launchArgs: readonly string[] = []): Stack<S> {
  let server: S | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([start(), launch(launchArgs)]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      return server!;
    },
    get browser() {
      return browser!;
    },
  };
}

export interface Opened {
  ctx: BrowserContext;
  page: Page;
  /** page errors seen so far */
  errors: string[];
  close(): Promise<void>;
}

export interface OpenOptions extends ContextOptions {
  /** signs in first */
  who?: Account;
  /** then opens this path */
  path?: string;
}

/** A page in a context of its own, watched for page errors, signed in and on `path` if given. */
export async function openPage(browser: Browser, o: OpenOptions): Promise<Opened> {
  const ctx = await newContext(browser, o);
  const page = await ctx.newPage();
  const errors = watchErrors(page);
  if (o.who) await login(page, o.who);
  if (o.path) await page.goto(o.path);
  return { ctx, page, errors, close: () => ctx.close() };
}

/** The demo administrator's page on a desktop screen (1600 px wide) at `path`. */
export const openAsAdmin = (stack: Stack<{ url: string }>, path: string, o: { language?: 'en' | 'zh'; height?: number } = {}): Promise<Opened> =>
  openPage(stack.browser, { baseURL: stack.server.url, language: o.language ?? 'en', width: 1600, height: o.height ?? 1000, who: DEMO.admin, path });
