// Lighthouse (12.2.3, desktop preset: its own simulated throttling and a 1350×940 screen) against
// the real server serving the production build, in Debian's Chromium:
//   lighthouse.login_performance       performance score of /login, 0–100 (target >= 95)
//   lighthouse.homepage_performance    performance score of /homepage/index signed in (target >= 95)
//   lighthouse.login_transfer_kib      what Lighthouse counts as transferred for /login
// and, on stderr, the metrics behind each score (FCP, LCP, TBT, CLS, Speed Index).
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/e2e/helpers/browser';
import { DEMO, login } from '../../tests/e2e/helpers/console';
import { startServer } from '../../tests/e2e/helpers/server';
import { freePort } from '../../tests/integration/replicas/spawn';
import { browserBenchCan, buildConsole } from '../browser';
import { log, report } from '../report';

const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;

export async function run(): Promise<void> {
  if (!browserBenchCan('lighthouse')) return;
  await buildConsole();
  const server = await startServer({ seedStations: 12 });
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'ems-lighthouse-'));
  // a Chromium only Lighthouse drives (Playwright attached to the same browser holds new tabs for
  // its own set-up, and Lighthouse's calls timed out), on `profile`
  // a loaded machine sometimes loses one of Lighthouse's protocol calls: one more try then
  const audit = (path: string) =>
    auditOnce(path).catch((e: unknown) => {
      log(`[lighthouse] ${path}: ${e instanceof Error ? e.message : String(e)}; once more`);
      return auditOnce(path);
    });
  const auditOnce = async (path: string) => {
    const browser = spawn(CHROMIUM, ['--headless=new', ...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
      stdio: 'ignore',
    });
    try {
      for (
        let i = 0;
        !(await fetch(`http://127.0.0.1:${port}/json/version`).then(
          (r) => r.ok,
          () => false,
        ));
        i++
      ) {
        if (i > 150) throw new Error('Chromium did not open its debugging port');
        await new Promise((r) => setTimeout(r, 200));
      }
      const r = await lighthouse(
        `${server.url}${path}`,
        { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
        desktopConfig,
      );
      if (!r) throw new Error(`lighthouse gave no result for ${path}`);
      if (r.lhr.runtimeError) throw new Error(`lighthouse on ${path}: ${r.lhr.runtimeError.message}`);
      // the whole report, for finding what a score lost (layout shifts, long tasks, scripts)
      if (process.env.LIGHTHOUSE_JSON_DIR) {
        const base = join(process.env.LIGHTHOUSE_JSON_DIR, path.replace(/\W+/g, '_'));
        writeFileSync(`${base}.json`, JSON.stringify(r.lhr));
        // the Chromium trace behind it, for reading the main thread's tasks one by one
        writeFileSync(`${base}.trace.json`, JSON.stringify(r.artifacts.Trace));
      }
      const a = r.lhr.audits;
      log(`[lighthouse] ${path}: ${METRICS.map((m) => `${m} ${a[m]?.displayValue ?? '?'}`).join(', ')}`);
      return { score: (r.lhr.categories.performance?.score ?? 0) * 100, transfer: Number(a['total-byte-weight']?.numericValue ?? 0) };
    } finally {
      browser.kill();
      await new Promise((r) => (browser.exitCode !== null ? r(null) : browser.once('exit', r)));
    }
  };
  try {
    // signed out first (a signed-in /login goes on to the homepage)
    const loginPage = await audit('/login');
    report('lighthouse.login_performance', loginPage.score, 'score');
    report('lighthouse.login_transfer_kib', loginPage.transfer / 1024, 'KiB');
    // then the same profile signed in by Playwright: the token waits in its localStorage
    const signIn = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, baseURL: server.url });
    await login(signIn.pages()[0] ?? (await signIn.newPage()), DEMO.admin);
    await signIn.close();
    const home = await audit('/homepage/index');
    report('lighthouse.homepage_performance', home.score, 'score');
  } finally {
    await server.close();
  }
}
