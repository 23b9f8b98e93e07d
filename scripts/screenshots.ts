// Screenshots of every console screen in zh and en, whole pages (not only the part in the
// window), at 1366×768, 1600×900, 1920×1080 and a 390×844 phone, for looking at what a change did:
//   npx vite build && npx tsx scripts/screenshots.ts [--out DIR] [--only a,b] [--sizes 1366,390] [--url URL] [--theme dark]
// Files are DIR/<screen>.<lang>.<width>.png (.dark.png with --theme dark). Without --url it
// starts the server in-process (in-memory database, 12 seeded stations, the simulated fleet
// running) on a free port. Station
// screens open seed station 4's pages. Each screen loads once per language; the window is then
// resized to each size (a screen lays itself out again on resize, as it does for a user).
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { launch } from '../tests/e2e/helpers/browser';
import { DEMO, login } from '../tests/e2e/helpers/console';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const STATION = '?stationId=4&serviceProviderId=4';
/** the screens shot without a sign-in; they come first in SCREENS */
const PUBLIC = new Set(['login', 'find-password']);
/** [file name, path]: the public screens, then the rest as the platform admin */
const SCREENS: ReadonlyArray<readonly [string, string]> = [
  ['login', '/login'],
  ['find-password', '/findPassword'],
  ['homepage', '/homepage/index'],
  ['wall', '/homepage/index?wall=1'],
  ['customers', '/monitor/customers'],
  ['station-list', '/monitor-station/list'],
  ['alarm-list', '/alarm/alarmList'],
  ['alarm-analysis', '/alarm/alarmAnalysis'],
  ['shelves', '/alarm/shelves'],
  ['maintenance', '/alarm/maintenance'],
  ['messages', '/message/list'],
  ['analysis-pv', '/analysis/photovoltaic'],
  ['analysis-ess', '/analysis/energyStorage'],
  ['analysis-usage', '/analysis/energyUsage'],
  ['report-platform', '/operations/platformReport'],
  ['report-provider', '/operations/serviceReport'],
  ['report-site', '/operations/siteReport'],
  ['bills', '/bill/downloadDetail?stationId=4'],
  ['accounts', '/system/account'],
  ['roles', '/system/role'],
  ['account-detail', '/system/accountDetail?userId=1'],
  ['role-detail', '/system/roleDetail?roleId=1'],
  ['audit', '/system/audit'],
  ['messages-global', '/message/global'],
  ['overview', `/overviewStations/overviewStations${STATION}`],
  ['equipment', `/dquipmentMonitoring/dquipmentMonitoring${STATION}`],
  ['tariff', `/electricityPriceManagement/electricityPriceManagement${STATION}`],
  ['tariff-history', `/electricityPriceManagement/historyPrice${STATION}`],
  ['tariff-templates', `/electricityPriceManagement/priceTemlate${STATION}`],
  ['oil-price', `/electricityPriceManagement/oilPrice${STATION}`],
  ['alarm-log', `/alarmLog/alarmLog${STATION}`],
  ['modes', `/operationModeManagement/operationModeManagement${STATION}`],
  ['switch-records', `/operationModeManagement/switchRecord${STATION}`],
  ['not-found', '/no/such/page'],
];
const SIZES: ReadonlyArray<readonly [number, number]> = [
  [1366, 768],
  [1600, 900],
  [1920, 1080],
  [390, 844],
];

async function startServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const built = await buildApp({
    logger: false,
    seedStations: 12,
    config: { host: '127.0.0.1', port: 0, pgliteDir: '', simulator: true, seed: true, logLevel: 'warn', staticDir: 'dist', backfillDays: 2 },
  });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`, close: () => built.app.close() };
}

const out = arg('out') ?? '.tmp/screens';
const only = arg('only')?.split(',');
const widths = arg('sizes')?.split(',').map(Number);
const dark = arg('theme') === 'dark';
const sizes = SIZES.filter(([w]) => !widths || widths.includes(w));
mkdirSync(out, { recursive: true });
const server = arg('url') ? { url: arg('url') as string, close: async () => {} } : await startServer();
const browser = await launch();
for (const lang of ['zh', 'en'] as const) {
  const ctx = await browser.newContext({
    baseURL: server.url,
    viewport: { width: sizes[0]![0], height: sizes[0]![1] },
    locale: lang === 'en' ? 'en-GB' : 'zh-CN',
  });
  await ctx.addInitScript(
    ([l, d]) => {
      localStorage.setItem('language', l);
      localStorage.setItem('theme', d ? 'dark' : 'light');
    },
    [lang, dark] as const,
  );
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[${lang}] page error: ${String(e)}`));
  let signedIn = false;
  for (const [name, path] of SCREENS) {
    if (only && !only.includes(name)) continue;
    if (!PUBLIC.has(name) && !signedIn) {
      await login(page, DEMO.admin);
      signedIn = true;
    }
    await page.goto(path);
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    await page.waitForTimeout(1500);
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(400);
      // the console scrolls inside its main area, not the document: a window as tall as that
      // area's content is what shows the whole screen (fullPage covers screens without one)
      const below = await page.evaluate(() => {
        const main = document.querySelector('#main');
        return main ? main.scrollHeight - main.clientHeight : 0;
      });
      if (below > 0) {
        await page.setViewportSize({ width, height: Math.min(height + below, 12_000) });
        await page.waitForTimeout(400);
      }
      const file = `${out}/${name}.${lang}.${width}${dark ? '.dark' : ''}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.setViewportSize({ width: sizes[0]![0], height: sizes[0]![1] });
  }
  await ctx.close();
}
await browser.close();
await server.close();
process.exit(0);
