// `npm run bench -- soak` (SOAK_MINUTES, default 10): the ?wall=1 homepage open in Chromium while
// the server raises alarms at 200 a second for the wall's organisation, with the broker, the
// server and the database each restarted twice, spread over the run. Figures:
//   soak.alarms_missing        alarms stored in the database that the page never received, after
//                              the catch-up at the end
//   soak.heap_growth_pct       page JS heap after GC: at the end of the first tenth vs at the end
//   soak.frame_p95_drift_pct   rAF interval p95: last tenth vs first tenth (60 Hz vsync: a frame
//                              late by a vsync shows as 33 ms)
//   soak.reloads               navigations of the page (a marker on window survives only without)
//   soak.alarms_stored_per_s   alarms the server stored (and pushed) a second on average: the
//                              generator offers 200/s; what the durable path keeps up with
//   soak.restarts              restarts done (a restart falling behind into the last fifth is skipped)
//   faults.alarms_lost_db_outage, faults.energy_error_pct_db_outage  from the outage test
// With PostgreSQL binaries and the test Mosquitto the three are separate; otherwise the embedded
// PGlite and Aedes live in the server process and its restart covers them (logged as "setup").
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { buildConsole } from '../browser';
import { hasChromium, launch, newContext } from '../../tests/e2e/helpers/browser';
import { DEMO, login, storeState } from '../../tests/e2e/helpers/console';
import { log, percentile, report } from '../report';
import { privateBroker, privatePg, type Restartable } from '../soak-infra';
import { drainFrames, heapAfterGc, installProbes, marked, pushStatus, receivedTotal } from '../soak-page';
import { outageFigures } from '../soak-outage';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Msg = { type: string; port?: number; db?: string } & Record<string, unknown>;

export async function run(): Promise<void> {
  if (!hasChromium) return log('soak bench skipped: /usr/bin/chromium is not installed');
  const minutes = Number(process.env.SOAK_MINUTES ?? 10);
  const runMs = minutes * 60_000;
  const base = 21_000 + (process.pid % 300) * 4;
  const pgc = privatePg(base);
  const broker = privateBroker(base + 2);
  const pgliteDir = pgc ? null : mkdtempSync('/tmp/ems-soak-pglite-');
  log(
    `setup: database ${pgc ? `private PostgreSQL cluster on :${base}` : 'embedded PGlite (restarted with the server)'}; broker ${broker ? `test Mosquitto (dynsec) on :${broker.tcp}` : 'embedded Aedes (restarted with the server)'}`,
  );
  // SOAK_SKIP_BUILD=1 serves the dist/ already built (a build shared with other runs)
  if (process.env.SOAK_SKIP_BUILD !== '1' || !existsSync('dist/index.html')) {
    await buildConsole();
  }

  let port = 0;
  let child: ChildProcess | undefined;
  let outageLines = 0;
  const start = async (): Promise<void> => {
    child = fork(new URL('../soak-server.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: {
        ...process.env,
        SOAK_PORT: String(port),
        SOAK_DB_URL: pgc?.url ?? '',
        SOAK_PGLITE_DIR: pgliteDir ?? '',
        SOAK_RUN: String(process.pid),
        ...(broker
          ? {
              SOAK_MQTT_URL: `mqtt://127.0.0.1:${broker.tcp}`,
              SOAK_MQTT_WS_URL: `ws://127.0.0.1:${broker.ws}`,
              SOAK_MQTT_USER: broker.admin.user,
              SOAK_MQTT_PASSWORD: broker.admin.password,
            }
          : {}),
      },
    });
    // the server's log goes to stderr (stdout carries only figures); outage lines are counted
    for (const s of [child.stdout!, child.stderr!])
      s.on('data', (b: Buffer) => {
        const t = b.toString();
        outageLines += (t.match(/database unreachable|database back|alarm changes (cannot be|stored again)/g) ?? []).length;
        // long lines (request dumps) are cut: the log is for reading along
        process.stderr.write(
          t
            .split('\n')
            .map((l) => (l.length > 300 ? `${l.slice(0, 300)}…` : l))
            .join('\n'),
        );
      });
    const ready = await ask('ready');
    port = ready.port!;
  };
  const ask = (type: string, send?: object): Promise<Msg> =>
    new Promise((res, rej) => {
      const c = child!;
      const on = (m: Msg) => m.type === type && (c.off('message', on), res(m));
      c.on('message', on);
      c.once('exit', (code) => rej(new Error(`server exited (${code}) waiting for ${type}`)));
      if (send) c.send(send);
    });
  const server: Restartable = {
    what: pgc || broker ? 'server' : 'server (with its database and broker)',
    async restart() {
      log(`  server stopped: ${JSON.stringify(await ask('stopped', { type: 'stop' }))}`);
      await start();
      child!.send({ type: 'generate', orgId });
    },
    stop: () => void child?.send({ type: 'stop' }),
  };

  // interrupted: what this run started is stopped, nothing else
  const cleanup = () => {
    child?.kill('SIGKILL');
    broker?.stop();
    pgc?.stop();
    process.exit(130);
  };
  process.once('SIGINT', cleanup).once('SIGTERM', cleanup);
  let orgId = 0;
  const browser = await launch();
  try {
    await start();
    const ctx = await newContext(browser, { baseURL: `http://127.0.0.1:${port}`, language: 'en', width: 1600, height: 900 });
    const page = await ctx.newPage();
    await login(page, DEMO.provider);
    await page.goto('/homepage/index?wall=1');
    await page.getByTestId('station-card').first().waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () => (window as unknown as { __ems: { state(): { connection: { push: string } } } }).__ems.state().connection.push === 'online',
      null,
      { timeout: 60_000 },
    );
    let navigations = 0;
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations++);
    await installProbes(page);
    const cdp = await ctx.newCDPSession(page);
    orgId = await storeState<number>(page, 'session.currentOrg.id');
    const received0 = await receivedTotal(page);

    // restarts at 1/8 … 6/8 of the run: broker, server, database, broker, server, database
    const order = [broker, server, pgc, broker, server, pgc].filter((x): x is Restartable => x !== null);
    const plan = order.map((r, i) => ({ r, at: ((i + 1) * runMs) / (order.length + 2) }));
    const frames: { t: number; f: number[] }[] = [];
    let heapFirst = NaN;
    const restarts: Record<string, number> = {};
    child!.send({ type: 'generate', orgId });
    const t0 = Date.now();
    log(`soak: ${minutes} min, restarts at ${plan.map((p) => `${p.r.what} ${Math.round(p.at / 1000)} s`).join(', ')}`);
    while (Date.now() - t0 < runMs) {
      await sleep(5000);
      const t = Date.now() - t0;
      frames.push({ t, f: await drainFrames(page) });
      if (Number.isNaN(heapFirst) && t >= Math.max(runMs / 10, 20_000)) {
        heapFirst = await heapAfterGc(cdp);
        log(`  heap after the first tenth: ${(heapFirst / 2 ** 20).toFixed(1)} MiB`);
      }
      // one restart a round, so frames keep being sampled between them; one that falls behind
      // into the last fifth is skipped (and counted), so the last tenth is measured undisturbed
      if (plan.length && plan[0]!.at <= t) {
        const { r } = plan.shift()!;
        if (t > runMs * 0.8) log(`  ${Math.round(t / 1000)} s: ${r.what} restart skipped (behind schedule)`);
        else {
          log(`  ${Math.round(t / 1000)} s: restarting the ${r.what}`);
          await r.restart();
          restarts[r.what] = (restarts[r.what] ?? 0) + 1;
        }
      }
      if (frames.length % 6 === 0) log(`  ${Math.round(t / 1000)} s: page received ${(await receivedTotal(page)) - received0}, push ${await pushStatus(page)}`);
    }

    // catch-up: everything raised is stored and pushed, then the page has had time to catch up
    const quiet = await ask('quiet', { type: 'quiet', orgId });
    log(`  server after the run: ${JSON.stringify(quiet)}`);
    const stored = Number(quiet.stored);
    let got = 0;
    for (const t1 = Date.now(); Date.now() - t1 < 60_000; await sleep(1000)) {
      got = (await receivedTotal(page)) - received0;
      if (got >= stored) break;
    }
    log(`  stored in the database: ${stored}; received by the page: ${got} (${(stored / (runMs / 1000)).toFixed(0)} alarms/s on average)`);
    const heapLast = await heapAfterGc(cdp);
    log(`  heap at the end: ${(heapLast / 2 ** 20).toFixed(1)} MiB; outage log lines: ${outageLines}`);
    const tenth = (lo: number, hi: number) => frames.filter((x) => x.t > lo && x.t <= hi).flatMap((x) => x.f);
    const first = percentile(tenth(0, runMs / 10), 95);
    const last = percentile(tenth(runMs - runMs / 10, Infinity), 95);
    log(`  frame p95 first tenth ${first.toFixed(1)} ms, last tenth ${last.toFixed(1)} ms`);
    report('soak.alarms_missing', Math.max(0, stored - got), 'alarms');
    report('soak.heap_growth_pct', (100 * (heapLast - heapFirst)) / heapFirst, '%');
    report('soak.frame_p95_drift_pct', (100 * (last - first)) / first, '%');
    report('soak.reloads', navigations + ((await marked(page)) ? 0 : 1), 'reloads');
    report('soak.alarms_stored_per_s', stored / (runMs / 1000), 'alarms/s');
    report(
      'soak.restarts',
      Object.values(restarts).reduce((x, y) => x + y, 0),
      'restarts',
    );
    log(
      `  restarts done: ${JSON.stringify(restarts)} of ${order.length} planned; load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
    );
    await browser.close();
    // the outage test on the private cluster when there is one (its database is its own)
    await outageFigures(pgc?.url ?? process.env.DATABASE_URL);
  } finally {
    await browser.close();
    await ask('stopped', { type: 'stop' }).catch(() => undefined);
    broker?.stop();
    pgc?.stop();
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  }
}
