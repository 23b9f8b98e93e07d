// The closed station month both same-number files read: last month (closed at every station; the
// files do not run in a month's first two days' edge), metered 15-minute intervals for exactly that
// month and nothing else at a CNY station (Shanghai) and a USD station with a genset (Nairobi),
// and the administrators of the three seeded providers, in seed order.
import { addDateDays, addMonthKey } from '../../../protocol/site-time';
import { seedIntervals } from '../../../server/actions/__tests__/report-fixture';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { callApi, DEMO, tokenOf } from '../helpers/console';
import { startServer, type TestServer } from '../helpers/server';
import { openPage } from '../helpers/session';

/** The site report's answer, as far as the files compare it. */
export interface Report {
  currency: string;
  columns: string[];
  units: string[];
  rows: { label?: string; period: string; values: (number | null)[] }[];
  totals: (number | null)[];
}

/** A month bill, as far as the files compare it. */
export interface Bill {
  billId: string;
  month: string;
  importKwh: number;
  exportKwh: number;
  gridAmount: number;
  fuelCost: number;
  chargesAmount: number;
  amount: number;
  currency: string;
  provisional: boolean;
}

export const ITEMS = ['pvKwh', 'chargeKwh', 'dischargeKwh', 'gridImportKwh', 'gridExportKwh', 'fuelLitres', 'income', 'savings', 'fuelCost'] as const;
export type Item = (typeof ITEMS)[number];
export const MONTH = addMonthKey(new Date().toISOString().slice(0, 7), -1);
export const FIRST = `${MONTH}-01`;
export const LAST = addDateDays(`${addMonthKey(MONTH, 1)}-01`, -1);
export const DAYS = Number(LAST.slice(8));
export const STATIONS = [1, 3];
export const ADMINS = [DEMO.provider, { account: 'pearlriver', password: 'Pearl@2026' }, { account: 'equator', password: 'Equator@2026' }];

/** Three seeded stations (one per provider), the month metered at STATIONS; `prepare` runs before the month is written. */
export const startMonthServer = async (prepare?: (s: TestServer) => Promise<unknown>): Promise<TestServer> => {
  const s = await startServer({ seedStations: 3 });
  await prepare?.(s);
  await seedIntervals(s.services.db, STATIONS, FIRST, DAYS);
  return s;
};

/**
 * A station's month as its provider's administrator sees it: a page signed in as that
 * administrator, an API caller with its token, and the site report's month answer (one period),
 * with `v(item)` its total of an item.
 */
export const openStationMonth = async (stack: { server: TestServer; browser: Browser }, lang: 'en' | 'zh', st: { id: number; providerId: number }) => {
  const opened = await openPage(stack.browser, { baseURL: stack.server.url, language: lang, width: 1600, height: 1000, who: ADMINS[st.providerId - 2]! });
  const token = (await tokenOf(opened.page))!;
  const api = async <D>(action: string, payload: Record<string, unknown>) =>
    (await callApi(stack.server.url, 'energystorage', action, payload, token)).body.data as D;
  const site = await api<Report>('querySiteReport', { stationId: st.id, granularity: 'month', from: FIRST, to: LAST, items: [...ITEMS] });
  expect(site.rows.map((r) => r.period)).toEqual([MONTH]);
  const v = (k: Item) => site.totals[site.columns.indexOf(k)]!;
  return { ...opened, api, site, v };
};
