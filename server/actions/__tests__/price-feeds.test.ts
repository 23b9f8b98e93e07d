import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../test/harness';
import { dueFeeds } from '../../price-feeds/pull';
import { TWO_PART_CHARGES } from '../../test/tariffs';
import { expectConflict, expectInvalid, expectNotFound, goodSeasons } from './tariffs-fixture';

// Price feeds: CSV import and the URL pull (docs/tariffs.md, "Dynamic prices"). The server's clock
// is 2026-11-28 18:00 in Shanghai (10:00 UTC); the feed is Shanghai's, so 29 November is tomorrow.
// The pull runs against a real HTTP server on 127.0.0.1 started here.

const NOW = Date.parse('2026-11-28T10:00:00Z');
const ZONE = 'Asia/Shanghai';
const quarter = (k: number) => {
  const m = k * 15;
  return `2026-11-29T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00+08:00`;
};
const dayCsv = (price: (k: number) => number) =>
  ['start,import_price,export_price', ...Array.from({ length: 96 }, (_, k) => `${quarter(k)},${price(k).toFixed(4)},0.3200`)].join('\n');

describe.each(backends())('price feeds: CSV import and URL pull (%s)', (backend) => {
  let s: TestServer;
  let tokA: string;
  let admin: string;
  let pA: number;
  let pB: number;
  let feed: number;
  let http: Server;
  let base = '';
  const reply = { status: 200, body: '' };

  beforeAll(async () => {
    s = await startTestServer(backend, { clock: () => NOW });
    const fx = await s.fixtures();
    [pA, pB] = fx.providers as [number, number];
    admin = await s.login('admin', 'Admin@2026');
    tokA = await s.login('sunrise', 'Sunrise@2026');
    http = createServer((_, res) => {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body);
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await new Promise((r) => http.close(r));
    await s.close();
  });
  const count = async () => (await s.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM price_feed_prices WHERE feed_id = $1', [feed]))[0]!.n;

  it('creates a feed, refusing a wrong zone, URL or pull time at its field, and audits it', async () => {
    const bad = await s.call('savePriceFeed', { name: 'Day-ahead', resolutionMinutes: 15, timezone: 'Mars/Base', pullUrl: 'ftp://x', pullTime: '25:00' }, tokA);
    expectInvalid(bad, 'timezone', 'zoneInvalid');
    expectInvalid(bad, 'pullUrl', 'urlFormat');
    expectInvalid(bad, 'pullTime', 'timeError');
    expectInvalid(
      await s.call('savePriceFeed', { name: 'x', resolutionMinutes: 15, timezone: ZONE, pullTime: '17:00' }, tokA),
      'pullTime',
      'pullTimeWithoutUrl',
    );
    const r = await s.call('savePriceFeed', { name: 'Day-ahead', resolutionMinutes: 15, timezone: ZONE }, tokA);
    expect(r.code).toBe(0);
    feed = r.data.feedId;
    expectConflict(await s.call('savePriceFeed', { name: 'Day-ahead', resolutionMinutes: 60, timezone: ZONE }, tokA), 'duplicateName');
    const list = await s.call('queryPriceFeeds', {}, tokA);
    expect(list.data.map((f) => [f.name, f.resolutionMinutes, f.serviceProviderId, f.lastPull])).toEqual([['Day-ahead', 15, pA, null]]);
    const [a] = await s.services.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'savePriceFeed' AND target = $1", [
      `priceFeed:${feed}`,
    ]);
    expect(a!.n).toBe(1);
  });

  it("imports a day of quarters from CSV and shows it on the feed's clock", async () => {
    const r = await s.call('importPriceFeedCsv', { feedId: feed, csv: dayCsv((k) => 0.5 + k / 1000) }, tokA);
    expect(r.code).toBe(0);
    expect(r.data).toEqual({ stored: 96, firstStart: '2026-11-28T16:00:00.000Z', lastStart: '2026-11-29T15:45:00.000Z' });
    const day = await s.call('queryPriceFeedDay', { feedId: feed, date: '2026-11-29' }, tokA);
    expect(day.data).toMatchObject({ timezone: ZONE, resolutionMinutes: 15, intervals: 96 });
    expect(day.data.prices.length).toBe(96);
    expect(day.data.prices[0]).toEqual({ start: '2026-11-28T16:00:00.000Z', local: '00:00', importPrice: 0.5, exportPrice: 0.32 });
    expect(day.data.prices[95]).toMatchObject({ local: '23:45', importPrice: 0.595 });
  });

  it('refuses a file with any bad line, naming the line and column, and stores nothing of it', async () => {
    const csv = [
      'start,import_price,export_price',
      '2026-11-28T17:45:00+08:00,0.5,0.3', // 09:45 UTC: begun before the clock's 10:00
      `${quarter(4)},0.12345,0.3`,
      '2026-11-29T01:05:00+08:00,0.5,0.3',
      `${quarter(6)},,0.3`,
      '2026-11-29 02:00,0.5,0.3',
      `${quarter(8)},0.5`,
      `${quarter(9)},0.9,0.3`,
    ].join('\n');
    const r = await s.call('importPriceFeedCsv', { feedId: feed, csv }, tokA);
    expectInvalid(r, 'lines.2.start', 'intervalStarted');
    expectInvalid(r, 'lines.3.import_price', 'priceFormat');
    expectInvalid(r, 'lines.4.start', 'offGrid');
    expectInvalid(r, 'lines.5.import_price', 'priceRequired');
    expectInvalid(r, 'lines.6.start', 'instantFormat');
    expectInvalid(r, 'lines.7', 'csvColumns');
    // the good line 8 was not stored either: quarter 9 keeps its 0.509
    const day = await s.call('queryPriceFeedDay', { feedId: feed, date: '2026-11-29' }, tokA);
    expect(day.data.prices[9]!.importPrice).toBe(0.509);
    expectInvalid(await s.call('importPriceFeedCsv', { feedId: feed, csv: 'time,price\n' }, tokA), 'lines.1', 'csvHeader');
  });

  it('replaces an imported day for intervals still to come', async () => {
    const r = await s.call('importPriceFeedCsv', { feedId: feed, csv: dayCsv(() => 0.7) }, tokA);
    expect(r.code).toBe(0);
    expect(await count()).toBe(96);
    const day = await s.call('queryPriceFeedDay', { feedId: feed, date: '2026-11-29' }, tokA);
    expect(new Set(day.data.prices.map((p) => p.importPrice))).toEqual(new Set([0.7]));
  });

  it('pulls the documented JSON from the URL, leaving out intervals already begun, and records the outcome on the feed', async () => {
    const save = await s.call(
      'savePriceFeed',
      { feedId: feed, name: 'Day-ahead', resolutionMinutes: 15, timezone: ZONE, pullUrl: `${base}/prices`, pullTime: '17:00' },
      tokA,
    );
    expect(save.code).toBe(0);
    reply.body = JSON.stringify({
      resolution: 15,
      prices: [
        { start: '2026-11-28T17:45:00+08:00', import: 0.61, export: 0.32 }, // begun: left out
        ...Array.from({ length: 96 }, (_, k) => ({ start: quarter(k).replace('2026-11-29', '2026-11-30'), import: 0.61, export: 0.32 })),
      ],
    });
    const r = await s.call('pullPriceFeed', { feedId: feed }, tokA);
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ error: null, stored: 96, started: 1 });
    const day = await s.call('queryPriceFeedDay', { feedId: feed, date: '2026-11-30' }, tokA);
    expect(day.data.prices.length).toBe(96);
    const [f] = (await s.call('queryPriceFeeds', {}, tokA)).data;
    expect(f!.lastPull).toMatchObject({ error: null, stored: 96, started: 1, at: new Date(NOW).toISOString() });
    // pulled after today's 17:00 on the feed's clock: not due again until tomorrow's
    expect((await dueFeeds(s.services.db, NOW)).map((x) => x.feedId)).not.toContain(feed);
    expect((await dueFeeds(s.services.db, NOW + 86_400_000)).map((x) => x.feedId)).toContain(feed);
  });

  it('a failing pull stores nothing and the feed says why', async () => {
    reply.status = 503;
    const r = await s.call('pullPriceFeed', { feedId: feed }, tokA);
    expect(r.data).toMatchObject({ error: 'http', detail: '503', stored: 0 });
    reply.status = 200;
    reply.body = JSON.stringify({ resolution: 60, prices: [] });
    expect((await s.call('pullPriceFeed', { feedId: feed }, tokA)).data).toMatchObject({ error: 'invalid', detail: 'resolution resolutionMismatch' });
    reply.body = JSON.stringify({ resolution: 15, prices: [{ start: '2026-12-01T00:00:00+08:00', import: 'cheap', export: 0.3 }] });
    expect((await s.call('pullPriceFeed', { feedId: feed }, tokA)).data).toMatchObject({ error: 'invalid', detail: 'prices.0.import priceFormat' });
    const [f] = (await s.call('queryPriceFeeds', {}, tokA)).data;
    expect(f!.lastPull).toMatchObject({ error: 'invalid', detail: 'prices.0.import priceFormat' });
    expect(await count()).toBe(192);
  });

  it("keeps feeds within their provider: another provider's feed is not found, nor usable by a tariff", async () => {
    const b = await s.call('savePriceFeed', { orgId: pB, name: 'B feed', resolutionMinutes: 60, timezone: 'Europe/Berlin' }, admin);
    expect(b.code).toBe(0);
    expectNotFound(await s.call('queryPriceFeedDay', { feedId: b.data.feedId, date: '2026-11-29' }, tokA));
    expectNotFound(await s.call('importPriceFeedCsv', { feedId: b.data.feedId, csv: dayCsv(() => 1) }, tokA));
    expect((await s.call('queryPriceFeeds', {}, tokA)).data.map((f) => f.name)).toEqual(['Day-ahead']);
    const stA = (await s.fixtures()).stationOf.get(pA)![0]!;
    const t = { stationId: stA, name: 'Dynamic', effectiveDate: '2027-03-01', seasons: goodSeasons() };
    expectInvalid(await s.call('saveTariff', { ...t, charges: { dynamic: { feedId: b.data.feedId } } }, tokA), 'charges.dynamic.feedId', 'feedNotFound');
    const ok = await s.call('saveTariff', { ...t, charges: { dynamic: { feedId: feed } } }, tokA);
    expect(ok.code).toBe(0);
    expect((await s.call('queryTariffById', { tariffId: ok.data.tariffId }, tokA)).data.charges).toEqual({ dynamic: { feedId: feed } });
    expectConflict(await s.call('deletePriceFeed', { feedId: feed }, tokA), 'feedInUse');
  });

  it("a template carries a version's charges, its feed included, into the version made from it", async () => {
    const charges = { ...TWO_PART_CHARGES, dynamic: { feedId: feed } };
    const [b] = await s.services.db.query<{ id: number }>("SELECT id FROM price_feeds WHERE name = 'B feed'");
    expectInvalid(
      await s.call('saveTariffTemplate', { name: 'Dynamic template', seasons: goodSeasons(), charges: { dynamic: { feedId: b!.id } } }, tokA),
      'charges.dynamic.feedId',
      'feedNotFound',
    );
    const tpl = await s.call('saveTariffTemplate', { name: 'Dynamic template', seasons: goodSeasons(), charges }, tokA);
    expect(tpl.code).toBe(0);
    const list = await s.call('queryTariffTemplateList', { page: 1, length: 100 }, tokA);
    expect(list.data.dataList.find((x) => x.templateId === tpl.data.templateId)?.charges).toEqual(charges);
    const stA = (await s.fixtures()).stationOf.get(pA)![1]!;
    const applied = await s.call(
      'applyTariffTemplate',
      { templateId: tpl.data.templateId, stationId: stA, name: 'From template', effectiveDate: '2027-04-01' },
      tokA,
    );
    expect(applied.code).toBe(0);
    expect((await s.call('queryTariffById', { tariffId: applied.data.tariffId }, tokA)).data.charges).toEqual(charges);
  });
});
