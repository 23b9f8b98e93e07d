// Dynamic prices in the console, in en and zh: a price feed made and a CSV imported by the
// visible controls (a faulty file first: its faults at their lines, nothing stored), the day's
// prices seen with the missing hour counted; then a bill of a past day priced under a version
// that names the feed, showing the dynamic line and the flag of the hour without a price.
// Screenshots at 1366 px in .tmp/.
import { beforeAll, expect, it } from 'vitest';
import enReports from '../../../locales/en/reports.json';
import enTariffs from '../../../locales/en/tariffs.json';
import zhReports from '../../../locales/zh/reports.json';
import zhTariffs from '../../../locales/zh/tariffs.json';
import { addDateDays, dateKey, dateStart } from '../../../protocol/site-time';
import { describeBrowser } from '../helpers/browser';
import { DEMO } from '../helpers/console';
import { openPage, serverAndBrowser } from '../helpers/session';
import { startTariffServer, type TariffServer } from './server';

const stack = serverAndBrowser(startTariffServer);
const QUARTER = 900_000;
const ZONE = 'Asia/Shanghai';
const flat = [
  { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], slots: [{ start: '00:00', end: '24:00', period: 'flat', fromGridPrice: 0.5, feedInPrice: 0.2 }] },
];

/** Tomorrow's quarters on the Shanghai clock but 13:00-14:00, at 0.6100 / 0.3200. */
const csvOf = (day: string) =>
  [
    'start,import_price,export_price',
    ...Array.from({ length: 96 }, (_, k) => k)
      .filter((k) => k < 52 || k >= 56)
      .map((k) => `${day}T${String(Math.floor(k / 4)).padStart(2, '0')}:${String((k % 4) * 15).padStart(2, '0')}:00+08:00,0.6100,0.3200`),
  ].join('\n');

for (const [lang, T, R, first] of [
  ['en', enTariffs, enReports, 1],
  ['zh', zhTariffs, zhReports, 6],
] as const) {
  describeBrowser(`dynamic prices (${lang})`, () => {
    let server: TariffServer;
    beforeAll(() => void (server = stack.server));

    it('makes a feed and imports a CSV by the visible controls, then shows the day with the missing hour', async () => {
      const { providerId, stations } = await server.biggestProvider();
      const st = stations[first]!;
      await server.setZone(st.id, ZONE);
      const { page, close } = await openPage(stack.browser, { baseURL: server.url, language: lang, width: 1366, height: 768, who: DEMO.admin });
      await page.goto(`/electricityPriceManagement/dynamicPrices?stationId=${st.id}&serviceProviderId=${providerId}`);
      await page.getByRole('button', { name: T.feeds.create }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(T.feeds.name).fill(`Day-ahead ${lang}`);
      await dialog.getByLabel(T.feeds.zone).fill(ZONE);
      await page.screenshot({ path: `.tmp/dynamic-feed-dialog-${lang}-1366.png` });
      await dialog.getByRole('button', { name: T.actions.save }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);

      const tomorrow = addDateDays(dateKey(ZONE, Date.now()), 1);
      await page.getByRole('button', { name: T.feeds.importCsv }).click();
      const csv = page.getByRole('dialog');
      // a faulty file: the second data line has a price with five decimals, the third begun long ago
      await csv
        .getByLabel(T.feeds.csvText)
        .fill(`start,import_price,export_price\n${tomorrow}T00:00:00+08:00,0.5,0.3\n${tomorrow}T00:15:00+08:00,0.12345,0.3\n2020-01-01T00:00:00+08:00,0.5,0.3`);
      await csv.getByRole('button', { name: T.feeds.import }).click();
      await expect.poll(() => csv.getByTestId('csv-issue').count()).toBe(2);
      expect(await csv.getByTestId('csv-issue').first().getAttribute('data-line')).toBe('3');
      expect(await csv.getByTestId('csv-issue').first().innerText()).toContain(T.errors.priceFormat);
      expect(await csv.getByTestId('csv-issue').nth(1).innerText()).toContain(T.feeds.errors.intervalStarted);
      await page.screenshot({ path: `.tmp/dynamic-csv-errors-${lang}-1366.png` });
      const box = (await csv.boundingBox())!;
      expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= 1366 && box.y + box.height <= 768).toBe(true);

      await csv.getByLabel(T.feeds.csvText).fill(csvOf(tomorrow));
      await csv.getByRole('button', { name: T.feeds.import }).click();
      await expect.poll(() => csv.isVisible()).toBe(false);
      await expect.poll(() => page.getByTestId('feed-price-row').count()).toBe(92);
      const count = await page.getByTestId('feed-day-count').innerText();
      expect(count).toBe(
        `${T.feeds.dayCount.replace('{{count}}', '92').replace('{{intervals}}', '96').replace('{{zone}}', ZONE)} ${T.feeds.dayMissing.replace('{{count}}', '4')}`,
      );
      expect(await page.getByTestId('feed-price-row').first().innerText()).toMatch(/00:00\s+0\.6100\s+0\.3200/);
      await page.screenshot({ path: `.tmp/dynamic-day-${lang}-1366.png`, fullPage: true });
      await close();
    }, 120_000);

    it('a bill priced under the feed shows the dynamic line and flags the hour without a price', async () => {
      const { providerId, stations } = await server.biggestProvider();
      const st = stations[first]!;
      const db = server.services.db;
      const [feed] = await db.query<{ id: number }>('SELECT id FROM price_feeds WHERE provider_id = $1 AND name = $2', [providerId, `Day-ahead ${lang}`]);
      // a past day: its prices and the version naming the feed are written as they were before that day began
      const day = addDateDays(dateKey(ZONE, Date.now()), -40);
      const from = dateStart(ZONE, day);
      await db.query(
        `INSERT INTO price_feed_prices (feed_id, start_time, import_price, export_price)
         SELECT $1, to_timestamp(($2::float8 + k * ${QUARTER}) / 1000.0), 0.61, 0.32 FROM generate_series(0, 95) AS k WHERE k < 52 OR k >= 56`,
        [feed!.id, from],
      );
      await db.query('DELETE FROM tariffs WHERE station_id = $1', [st.id]);
      await db.query(`INSERT INTO tariffs (station_id, name, effective_date, seasons, charges) VALUES ($1, 'Dynamic', $2, $3::jsonb, $4::jsonb)`, [
        st.id,
        addDateDays(day, -30),
        JSON.stringify(flat),
        JSON.stringify({ dynamic: { feedId: feed!.id } }),
      ]);
      await db.query('DELETE FROM station_energy WHERE station_id = $1 AND bucket >= $2::timestamptz', [
        st.id,
        new Date(dateStart(ZONE, `${day.slice(0, 7)}-01`)).toISOString(),
      ]);
      expect(await server.meterDay(st.id, ZONE, day)).toBe(96);
      const { page, close } = await openPage(stack.browser, { baseURL: server.url, language: lang, width: 1366, height: 768, who: DEMO.admin });
      await page.goto(`/bill/downloadDetail?stationId=${st.id}&billId=${st.id}-${day.slice(0, 7)}`);
      const flag = page.getByTestId('bill-dynamic-missing');
      await expect.poll(() => flag.isVisible()).toBe(true);
      expect(await flag.innerText()).toBe(
        R.bills.dynamicMissing
          .replace('{{count}}', '4')
          .replace('{{first}}', `${day} 13:00, ${day} 13:15, ${day} 13:30, ${day} 13:45`)
          .replace('{{zone}}', ZONE),
      );
      const lines = await page.getByTestId('bill-line').allInnerTexts();
      // 92 quarters × 1 kWh at 0.61 = 56.12 imported; the missing hour 4 kWh at 0.50 = 2.00
      expect(lines.some((l) => l.includes(R.bills.dynamic) && l.includes('92'))).toBe(true);
      expect(lines.some((l) => l.includes('4') && l.includes('0.5000'))).toBe(true);
      await page.screenshot({ path: `.tmp/dynamic-bill-${lang}-1366.png`, fullPage: true });
      await close();
    }, 120_000);
  });
}
