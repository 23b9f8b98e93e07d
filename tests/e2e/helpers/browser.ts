// Chromium for e2e tests (playwright-core, system Chromium). When it is missing, suites skip
// with a printed reason instead of failing.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { describe } from 'vitest';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.log(`[e2e] skipped: ${CHROMIUM} not installed`);

/** `describe` that skips (with the reason printed once) when Chromium is absent. */
export const describeBrowser: typeof describe = (hasChromium ? describe : describe.skip) as typeof describe;

/** WebGL through SwiftShader; no background connections (the closed network refuses them). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const launch = (extraArgs: readonly string[] = []): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });

export interface ContextOptions {
  baseURL: string;
  locale?: 'zh-CN' | 'en-GB';
  /** preset localStorage language */
  language?: 'zh' | 'en';
  width?: number;
  height?: number;
  /** the browser's own time zone (IANA), when a test needs one other than the machine's */
  timezoneId?: string;
}

export async function newContext(browser: Browser, o: ContextOptions): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    baseURL: o.baseURL,
    locale: o.locale ?? (o.language === 'en' ? 'en-GB' : 'zh-CN'),
    viewport: { width: o.width ?? 1440, height: o.height ?? 900 },
    ...(o.timezoneId ? { timezoneId: o.timezoneId } : {}),
  });
  if (o.language) await ctx.addInitScript((l) => localStorage.getItem('language') ?? localStorage.setItem('language', l), o.language);
  return ctx;
}

/** Collects page errors so tests can assert none happened. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}
