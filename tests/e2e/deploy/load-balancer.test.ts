// Three replicas behind HAProxy on PostgreSQL and Mosquitto, as docs/deploy.md deploys them, and
// one console in Chromium going through the balancer only. One replica is killed (kill -9) after
// sign-in; the console goes on: a live pop-up arrives over the balancer's /mqtt, an export is
// written by one replica while its polls land on the others and its file downloads, and a logout
// is refused by every replica still running. Skipped with the reason where PostgreSQL
// (DATABASE_URL), Mosquitto, HAProxy or Chromium is missing.
import mqtt from 'mqtt';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { gwTopic, pointIndex } from '../../../protocol/fleet';
import { call } from '../../integration/replicas/client';
import { freePort, replicasSkipReason, startReplicas, type ReplicaSet } from '../../integration/replicas/spawn';
import { describeBrowser, launch } from '../helpers/browser';
import { DEMO, evalState, tokenOf } from '../helpers/console';
import { openPage } from '../helpers/session';
import { haproxySkipReason, startHaproxy, type Balancer } from './haproxy';

const skipReason = (await replicasSkipReason()) ?? haproxySkipReason();
if (skipReason) console.warn(`skipping the load-balancer browser test: ${skipReason}`);
const TMAX = pointIndex('battery_cluster', 'cellTmax');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
interface Frame {
  stationId: number;
  seq: number;
  ts: number;
  devices: { id: number; v: (number | null)[] }[];
}

describeBrowser.skipIf(skipReason !== null)('three replicas behind HAProxy', () => {
  let set: ReplicaSet;
  let lb: Balancer;
  let browser: Browser;
  beforeAll(async () => {
    const port = await freePort();
    [set, browser] = await Promise.all([
      startReplicas(3, {
        env: { STATIC_DIR: 'dist', SIM_ENABLED: '1', SIM_STATIONS: '4', SIM_INTERVAL_MS: '1000', MQTT_PUBLIC_WS_URL: `ws://127.0.0.1:${port}/mqtt` },
        readyTimeoutMs: 150_000,
      }),
      launch(),
    ]);
    lb = await startHaproxy({ port, replicas: set.urls, brokerWs: set.mqtt.wsUrl });
  }, 480_000);
  afterAll(async () => {
    await browser?.close();
    await lb?.stop();
    await set?.stop();
  }, 60_000);

  /** Heats a battery cluster of the first station in the frames the simulator sends, until `seen`. */
  const heatUntil = async (seen: () => Promise<boolean>, ms: number): Promise<boolean> => {
    const gw = await mqtt.connectAsync(set.mqtt.url, { username: set.mqtt.user, password: set.mqtt.password, reconnectPeriod: 500 });
    const db = new pg.Client({ connectionString: set.databaseUrl });
    await db.connect();
    const batteries = new Set((await db.query<{ id: number }>(`SELECT id FROM devices WHERE type = 'battery_cluster'`)).rows.map((r) => Number(r.id)));
    await db.end();
    const last = new Map<number, Frame>();
    gw.on('message', (_t, b) => {
      const f = JSON.parse(b.toString()) as Frame;
      last.set(f.stationId, f);
    });
    await gw.subscribeAsync('ems/gw/+/telemetry');
    const end = Date.now() + ms;
    try {
      while (Date.now() < end) {
        if (await seen()) return true;
        for (const f of last.values()) {
          const d = f.devices.find((x) => batteries.has(x.id) && typeof x.v[TMAX] === 'number');
          if (!d) continue;
          const v = [...d.v];
          v[TMAX] = 58;
          await gw.publishAsync(gwTopic(f.stationId, 'telemetry'), JSON.stringify({ ...f, seq: f.seq + 1, ts: Date.now(), devices: [{ ...d, v }] }), {
            qos: 1,
          });
        }
        await sleep(3000);
      }
      return seen();
    } finally {
      await gw.endAsync(true);
    }
  };

  it('keeps a console working through the balancer while a replica dies', { timeout: 300_000 }, async () => {
    const { page, errors, close } = await openPage(browser, { baseURL: lb.url, language: 'en', width: 1600, height: 900, who: DEMO.admin });
    await expect.poll(() => evalState<string>(page, 's => s.connection.push'), { timeout: 30_000 }).toBe('online');

    // kill -9 one replica; HAProxy's health checks take it out of the pool within seconds
    set.replicas[0]!.kill();
    await expect.poll(async () => (await lb.servers()).find((s) => s.name === 'r1')?.up, { timeout: 15_000 }).toBe(false);
    const survivors = set.urls.slice(1);

    // a live alarm reaches the console's pop-up over the balancer's WebSocket; the killed replica's
    // stations move to a survivor within 15 s, so the heating goes on until one shows
    const popup = page.getByTestId('popup').first();
    expect(await heatUntil(() => popup.isVisible(), 90_000)).toBe(true);

    // an export: written by whichever replica took the start, polled through the others
    await page.goto('/operations/platformReport');
    await page.getByTestId('report-form').waitFor();
    await page.getByTestId('items-all').click();
    await page.getByTestId('report-query').click();
    await page.getByTestId('report-totals').waitFor({ timeout: 30_000 });
    const before = await lb.servers();
    await page.getByTestId('report-export').click();
    await page.getByTestId('format-xlsx').check();
    const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('export-start').click()]);
    await expect.poll(() => page.getByTestId('export-status').getAttribute('data-status'), { timeout: 60_000 }).toBe('done');
    const after = await lb.servers();
    const served = after.filter((s) => s.up).map((s) => s.requests - (before.find((b) => b.name === s.name)?.requests ?? 0));
    console.info(JSON.stringify({ 'lb.export_requests_per_replica': served }));
    expect(served.every((n) => n > 0)).toBe(true); // both survivors answered part of it
    const bytes = (await import('node:fs')).statSync((await file.path())!).size;
    expect(bytes).toBeGreaterThan(3000);
    await page.getByTestId('export-close').click();

    // a logout through the balancer is refused by every replica still running
    const token = (await tokenOf(page))!;
    await page.getByTestId('navbar-logout').click();
    await page.waitForURL('**/login');
    for (const url of survivors) {
      await expect.poll(async () => (await call(url, 'queryProfile', {}, token)).status, { timeout: 5_000 }).toBe(401);
    }
    expect(errors).toEqual([]);
    await close();
  });
});
