import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type Answer, type TestServer } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';

type Backend = Parameters<typeof startTestServer>[0];

// The world of the tariff, template and fuel price suites: a server whose sessions outlive the
// clock moves, provider A's administrator, operator and accounts with only the read or only the
// edit keys, and a tariff, template and fuel price of provider B that A must learn nothing about.

export const DAY = 86_400_000;
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

export interface Slot {
  start: string;
  end: string;
  period: 'sharp' | 'peak' | 'flat' | 'valley';
  fromGridPrice: number;
  feedInPrice: number;
}
export const slot = (start: string, end: string, fromGridPrice = 0.1234, period: Slot['period'] = 'flat'): Slot => ({
  start,
  end,
  period,
  fromGridPrice,
  feedInPrice: 0.05,
});
/** Two seasons (summer/rest), three slots each, covering 12 months and 24 h. */
export const goodSeasons = (p = 0.1234) => [
  { months: [6, 7, 8, 9], slots: [slot('00:00', '08:00', 0.042, 'valley'), slot('08:00', '18:00', p, 'peak'), slot('18:00', '24:00', 0.091)] },
  { months: [1, 2, 3, 4, 5, 10, 11, 12], slots: [slot('00:00', '08:00', 0.04, 'valley'), slot('08:00', '24:00', 0.09)] },
];

/** 'YYYY-MM-DD' in a time zone, computed independently of the server. */
export const dateIn = (ms: number, timeZone: string): string => {
  const p = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(ms));
  const g = (t: string) => p.find((x) => x.type === t)!.value;
  return `${g('year')}-${g('month')}-${g('day')}`;
};
export const addDays = (ymd: string, n: number): string => new Date(Date.parse(`${ymd}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

const issuesOf = (r: Answer<unknown>) => (r.data as { issues: { path: string; issue: string }[] }).issues;

export const expectNotFound = (r: Answer<unknown>) => {
  expect({ status: r.status, code: r.code, data: r.data }).toEqual({ status: 404, code: ErrorCode.notFound, data: null });
};
export const expectForbidden = (r: Answer<unknown>) => {
  expect({ status: r.status, code: r.code, data: r.data }).toEqual({ status: 403, code: ErrorCode.forbidden, data: null });
};
export const expectInvalid = (r: Answer<unknown>, path: string, issue?: string) => {
  expect(r.status).toBe(422);
  expect(r.code).toBe(ErrorCode.validationFailed);
  expect(issuesOf(r)).toEqual(expect.arrayContaining([expect.objectContaining(issue ? { path, issue } : { path })]));
};
export const expectConflict = (r: Answer<unknown>, reason: string) => {
  expect(r.status).toBe(409);
  expect(r.code).toBe(ErrorCode.conflict);
  expect(r.data).toMatchObject({ reason });
};

export interface TariffsWorld {
  s: TestServer;
  admin: string; // platform (orgType 1)
  tokA: string; // provider A's administrator
  operator: string; // read-only demo operator (provider A, station list)
  readOnly: string; // role with every tariff read key, no edit key
  writeOnly: string; // role with the edit keys only
  pA: number;
  pB: number;
  stA: number; // provider A station for writes
  stA2: number; // a second one (fuel prices)
  stB: number;
  tzA: string;
  // Provider B's objects, created by the platform admin; A must learn nothing about them.
  tariffB: number;
  templateB: number;
  oilB: number;
  templateA: number;
  todayOf: (stationId: number) => Promise<string>;
  iso: (ms: number) => string;
  auditCount: (action: string, target: string) => Promise<number>;
  /** A date after every tariff the station has, and at least `min` days ahead. */
  freeDate: (stationId: number, min?: number) => Promise<string>;
  /** An instant after every fuel price window of the station, at least an hour ahead. */
  freeTime: (stationId: number) => Promise<number>;
}

/** Starts a server on `backend` for the enclosing describe block; fields are set once beforeAll has run. */
export const tariffsWorld = (backend: Backend): TariffsWorld => {
  const w = {} as TariffsWorld;
  w.todayOf = async (stationId) => {
    const [r] = await w.s.services.db.query<{ timezone: string }>('SELECT timezone FROM stations WHERE id = $1', [stationId]);
    return dateIn(w.s.clock.now, r!.timezone);
  };
  w.iso = (ms) => new Date(ms).toISOString();
  w.auditCount = async (action, target) =>
    (await w.s.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND target = $2', [action, target]))[0]!.n;
  w.freeDate = async (stationId, min = 5) => {
    const [r] = await w.s.services.db.query<{ d: string | null }>('SELECT max(effective_date) AS d FROM tariffs WHERE station_id = $1', [stationId]);
    const soon = addDays(await w.todayOf(stationId), min);
    return r?.d && addDays(r.d, 1) > soon ? addDays(r.d, 1) : soon;
  };
  w.freeTime = async (stationId) => {
    const [r] = await w.s.services.db.query<{ t: Date | null }>('SELECT max(end_time) AS t FROM oil_prices WHERE station_id = $1', [stationId]);
    const t = r?.t ? new Date(r.t).getTime() : 0;
    return Math.max(t, w.s.clock.now) + 3600_000;
  };

  beforeAll(async () => {
    const s = (w.s = await startTestServer(backend, { config: { sessionIdleMinutes: 60 * 24 * 800, sessionAbsoluteHours: 24 * 800 } }));
    const { freeDate, freeTime, iso } = w;
    const fx = await s.fixtures();
    const [pA, pB] = fx.providers as [number, number];
    Object.assign(w, { pA, pB });
    const aStations = fx.stationOf.get(pA)!;
    const stA = (w.stA = aStations[0]!);
    w.stA2 = aStations[1]!;
    const stB = (w.stB = fx.stationOf.get(pB)![0]!);
    w.tzA = (await s.services.db.query<{ timezone: string }>('SELECT timezone FROM stations WHERE id = $1', [stA]))[0]!.timezone;
    const admin = (w.admin = await s.login('admin', 'Admin@2026'));
    const [accA] = await s.services.db.query<{ account: string }>(
      "SELECT account FROM accounts WHERE org_id = $1 AND account <> 'operator' ORDER BY id LIMIT 1",
      [pA],
    );
    expect(accA!.account).toBe('sunrise');
    const tokA = (w.tokA = await s.login('sunrise', 'Sunrise@2026'));
    w.operator = await s.login('operator', 'Operator@2026');
    w.readOnly = (
      await s.makeAccount({
        orgId: pA,
        permissions: [
          'electricityPriceManagement.electricityPriceManagement',
          'electricityPriceManagement.historyPrice',
          'electricityPriceManagement.priceTemlate',
          'electricityPriceManagement.oilPrice',
        ],
      })
    ).token;
    w.writeOnly = (await s.makeAccount({ orgId: pA, permissions: ['tariff.edit', 'oilPrice.edit'] })).token;

    const t = await s.call('saveTariff', { stationId: stB, name: 'B secret tariff', effectiveDate: await freeDate(stB, 20), seasons: goodSeasons() }, admin);
    expect(t.code).toBe(0);
    w.tariffB = t.data.tariffId;
    const tpl = await s.call('saveTariffTemplate', { orgId: pB, name: 'B secret template', seasons: goodSeasons() }, admin);
    expect(tpl.code).toBe(0);
    w.templateB = tpl.data.templateId;
    const from = await freeTime(stB);
    const o = await s.call(
      'saveOilPrice',
      { stationId: stB, startTime: iso(from + DAY), endTime: iso(from + 30 * DAY), pricePerLitre: 1.2345, kwhPerLitre: 3.3 },
      admin,
    );
    expect(o.code).toBe(0);
    w.oilB = o.data.oilPriceId;
    const ta = await s.call('saveTariffTemplate', { name: 'A template', seasons: goodSeasons() }, tokA);
    expect(ta.code).toBe(0);
    w.templateA = ta.data.templateId;
  });
  afterAll(() => w.s.close());
  return w;
};
