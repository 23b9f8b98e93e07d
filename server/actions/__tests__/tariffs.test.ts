import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type Answer, type TestServer } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';

const DAY = 86_400_000;
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

interface Slot { start: string; end: string; period: 'sharp' | 'peak' | 'flat' | 'valley'; fromGridPrice: number; feedInPrice: number }
const slot = (start: string, end: string, fromGridPrice = 0.1234, period: Slot['period'] = 'flat'): Slot => ({ start, end, period, fromGridPrice, feedInPrice: 0.05 });
/** Two seasons (summer/rest), three slots each, covering 12 months and 24 h. */
const goodSeasons = (p = 0.1234) => [
  { months: [6, 7, 8, 9], slots: [slot('00:00', '08:00', 0.042, 'valley'), slot('08:00', '18:00', p, 'peak'), slot('18:00', '24:00', 0.091)] },
  { months: [1, 2, 3, 4, 5, 10, 11, 12], slots: [slot('00:00', '08:00', 0.04, 'valley'), slot('08:00', '24:00', 0.09)] },
];

/** 'YYYY-MM-DD' in a time zone, computed independently of the server. */
const dateIn = (ms: number, timeZone: string): string => {
  const p = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(ms));
  const g = (t: string) => p.find((x) => x.type === t)!.value;
  return `${g('year')}-${g('month')}-${g('day')}`;
};
const addDays = (ymd: string, n: number): string => new Date(Date.parse(`${ymd}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

const issuesOf = (r: Answer<unknown>) => (r.data as { issues: { path: string; issue: string }[] }).issues;

const expectNotFound = (r: Answer<unknown>) => {
  expect({ status: r.status, code: r.code, data: r.data }).toEqual({ status: 404, code: ErrorCode.notFound, data: null });
};
const expectForbidden = (r: Answer<unknown>) => {
  expect({ status: r.status, code: r.code, data: r.data }).toEqual({ status: 403, code: ErrorCode.forbidden, data: null });
};
const expectInvalid = (r: Answer<unknown>, path: string, issue?: string) => {
  expect(r.status).toBe(422);
  expect(r.code).toBe(ErrorCode.validationFailed);
  expect(issuesOf(r)).toEqual(expect.arrayContaining([expect.objectContaining(issue ? { path, issue } : { path })]));
};
const expectConflict = (r: Answer<unknown>, reason: string) => {
  expect(r.status).toBe(409);
  expect(r.code).toBe(ErrorCode.conflict);
  expect(r.data).toMatchObject({ reason });
};

describe.each(backends())('tariffs, templates and fuel prices (%s)', (backend) => {
  let s: TestServer;
  let admin: string; // platform (orgType 1)
  let tokA: string; // provider A's administrator
  let operator: string; // read-only demo operator (provider A, station list)
  let readOnly: string; // role with every tariff read key, no edit key
  let writeOnly: string; // role with the edit keys only
  let pA: number;
  let pB: number;
  let stA: number; // provider A station for writes
  let stA2: number; // a second one (fuel prices)
  let stB: number;
  let tzA: string;
  // Provider B's objects, created by the platform admin; A must learn nothing about them.
  let tariffB: number;
  let templateB: number;
  let oilB: number;
  let templateA: number;

  const todayOf = async (stationId: number) => {
    const [r] = await s.services.db.query<{ timezone: string }>('SELECT timezone FROM stations WHERE id = $1', [stationId]);
    return dateIn(s.clock.now, r!.timezone);
  };
  const iso = (ms: number) => new Date(ms).toISOString();
  const auditCount = async (action: string, target: string) =>
    (await s.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND target = $2', [action, target]))[0]!.n;
  /** A date after every tariff the station has, and at least `min` days ahead. */
  const freeDate = async (stationId: number, min = 5) => {
    const [r] = await s.services.db.query<{ d: string | null }>('SELECT max(effective_date) AS d FROM tariffs WHERE station_id = $1', [stationId]);
    const soon = addDays(await todayOf(stationId), min);
    return r?.d && addDays(r.d, 1) > soon ? addDays(r.d, 1) : soon;
  };
  /** An instant after every fuel price window of the station, at least an hour ahead. */
  const freeTime = async (stationId: number) => {
    const [r] = await s.services.db.query<{ t: Date | null }>('SELECT max(end_time) AS t FROM oil_prices WHERE station_id = $1', [stationId]);
    const t = r?.t ? new Date(r.t).getTime() : 0;
    return Math.max(t, s.clock.now) + 3600_000;
  };

  beforeAll(async () => {
    s = await startTestServer(backend, { config: { sessionIdleMinutes: 60 * 24 * 800, sessionAbsoluteHours: 24 * 800 } });
    const fx = await s.fixtures();
    [pA, pB] = fx.providers as [number, number];
    const aStations = fx.stationOf.get(pA)!;
    stA = aStations[0]!;
    stA2 = aStations[1]!;
    stB = fx.stationOf.get(pB)![0]!;
    tzA = (await s.services.db.query<{ timezone: string }>('SELECT timezone FROM stations WHERE id = $1', [stA]))[0]!.timezone;
    admin = await s.login('admin', 'Admin@2026');
    const [accA] = await s.services.db.query<{ account: string }>("SELECT account FROM accounts WHERE org_id = $1 AND account <> 'operator' ORDER BY id LIMIT 1", [pA]);
    expect(accA!.account).toBe('sunrise');
    tokA = await s.login('sunrise', 'Sunrise@2026');
    operator = await s.login('operator', 'Operator@2026');
    readOnly = (await s.makeAccount({
      orgId: pA,
      permissions: ['electricityPriceManagement.electricityPriceManagement', 'electricityPriceManagement.historyPrice', 'electricityPriceManagement.priceTemlate', 'electricityPriceManagement.oilPrice'],
    })).token;
    writeOnly = (await s.makeAccount({ orgId: pA, permissions: ['tariff.edit', 'oilPrice.edit'] })).token;

    const t = await s.call('saveTariff', { stationId: stB, name: 'B secret tariff', effectiveDate: await freeDate(stB, 20), seasons: goodSeasons() }, admin);
    expect(t.code).toBe(0);
    tariffB = t.data.tariffId;
    const tpl = await s.call('saveTariffTemplate', { orgId: pB, name: 'B secret template', seasons: goodSeasons() }, admin);
    expect(tpl.code).toBe(0);
    templateB = tpl.data.templateId;
    const from = await freeTime(stB);
    const o = await s.call('saveOilPrice', { stationId: stB, startTime: iso(from + DAY), endTime: iso(from + 30 * DAY), pricePerLitre: 1.2345, kwhPerLitre: 3.3 }, admin);
    expect(o.code).toBe(0);
    oilB = o.data.oilPriceId;
    const ta = await s.call('saveTariffTemplate', { name: 'A template', seasons: goodSeasons() }, tokA);
    expect(ta.code).toBe(0);
    templateA = ta.data.templateId;
  });
  afterAll(() => s.close());

  // -------------------------------------------------------------------------------------------
  describe('happy paths', () => {
    it('queryStationTariffs: the tariff in force on the station date and the pending ones', async () => {
      const r = await s.call('queryStationTariffs', { stationId: stA }, tokA);
      expect(r.code).toBe(0);
      const today = await todayOf(stA);
      const rows = await s.services.db.query<{ id: number; d: string }>('SELECT id, effective_date AS d FROM tariffs WHERE station_id = $1 ORDER BY effective_date', [stA]);
      const active = rows.filter((x) => x.d <= today).at(-1);
      expect(r.data.active?.tariffId).toBe(active?.id);
      expect(r.data.active?.status).toBe('active');
      expect(r.data.pending.map((p) => p.tariffId)).toEqual(rows.filter((x) => x.d > today).map((x) => x.id));
      expect(r.data.active!.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    });

    it('queryTariffHistory: tariffs before the one in force, newest first', async () => {
      const r = await s.call('queryTariffHistory', { stationId: stA, page: 1, length: 50 }, tokA);
      expect(r.code).toBe(0);
      const today = await todayOf(stA);
      const rows = await s.services.db.query<{ id: number; d: string }>('SELECT id, effective_date AS d FROM tariffs WHERE station_id = $1 AND effective_date <= $2::date ORDER BY effective_date DESC', [stA, today]);
      expect(r.data.totalCount).toBe(Math.max(rows.length - 1, 0));
      expect(r.data.dataList.map((x) => x.tariffId)).toEqual(rows.slice(1).map((x) => x.id));
      expect(r.data.dataList.every((x) => x.status === 'history')).toBe(true);
    });

    it('saveTariff creates a pending tariff, edits it, and writes the audit log', async () => {
      const effectiveDate = await freeDate(stA);
      const r = await s.call('saveTariff', { stationId: stA, name: '  Summer TOU  ', effectiveDate, seasons: goodSeasons() }, tokA);
      expect(r.code).toBe(0);
      const id = r.data.tariffId;
      const got = await s.call('queryTariffById', { tariffId: id }, tokA);
      expect(got.data).toMatchObject({ tariffId: id, stationId: stA, name: 'Summer TOU', effectiveDate, status: 'pending', currency: 'USD' });
      // stored in canonical order: seasons by first month
      expect(got.data.seasons[0]!.months).toEqual([1, 2, 3, 4, 5, 10, 11, 12]);
      const edit = await s.call('saveTariff', { stationId: stA, tariffId: id, name: 'Summer TOU v2', effectiveDate: addDays(effectiveDate, 1), seasons: goodSeasons(0.2) }, tokA);
      expect(edit.code).toBe(0);
      expect(edit.data.tariffId).toBe(id);
      const after = await s.call('queryTariffById', { tariffId: id }, tokA);
      expect(after.data).toMatchObject({ name: 'Summer TOU v2', effectiveDate: addDays(effectiveDate, 1) });
      expect(after.data.seasons[1]!.slots[1]!.fromGridPrice).toBe(0.2);
      expect(await auditCount('saveTariff', `tariff:${id}`)).toBe(2);
      const list = await s.call('queryStationTariffs', { stationId: stA }, tokA);
      expect(list.data.pending.map((p) => p.tariffId)).toContain(id);
    });

    it('queryTariffById answers one tariff with its derived status', async () => {
      const list = await s.call('queryStationTariffs', { stationId: stA }, tokA);
      const r = await s.call('queryTariffById', { tariffId: list.data.active!.tariffId }, readOnly);
      expect(r.code).toBe(0);
      expect(r.data.status).toBe('active');
      expect(r.data.seasons.flatMap((x) => x.months).sort((a, b) => a - b)).toEqual(MONTHS);
    });

    it('deleteTariff removes a pending tariff (audited); the active one is read-only', async () => {
      const r = await s.call('saveTariff', { stationId: stA, name: 'To delete', effectiveDate: await freeDate(stA), seasons: goodSeasons() }, tokA);
      const id = r.data.tariffId;
      const del = await s.call('deleteTariff', { tariffId: id }, tokA);
      expect(del.code).toBe(0);
      expect(del.data).toBeNull();
      expectNotFound(await s.call('queryTariffById', { tariffId: id }, tokA));
      expect(await auditCount('deleteTariff', `tariff:${id}`)).toBe(1);
      const active = (await s.call('queryStationTariffs', { stationId: stA }, tokA)).data.active!;
      expectConflict(await s.call('deleteTariff', { tariffId: active.tariffId }, tokA), 'notPending');
      expectConflict(
        await s.call('saveTariff', { stationId: stA, tariffId: active.tariffId, name: 'x', effectiveDate: await freeDate(stA), seasons: goodSeasons() }, tokA),
        'notPending',
      );
    });

    it('saveTariff: a duplicate effective date of the station is a conflict; today is allowed', async () => {
      const d = await freeDate(stA);
      expect((await s.call('saveTariff', { stationId: stA, name: 'One', effectiveDate: d, seasons: goodSeasons() }, tokA)).code).toBe(0);
      expectConflict(await s.call('saveTariff', { stationId: stA, name: 'Two', effectiveDate: d, seasons: goodSeasons() }, tokA), 'duplicateDate');
      // the same date on another station is fine
      expect((await s.call('saveTariff', { stationId: stA2, name: 'Two', effectiveDate: await freeDate(stA2), seasons: goodSeasons() }, tokA)).code).toBe(0);
    });

    it('queryTariffTemplateList lists the templates of the own provider (root: any, or one)', async () => {
      const r = await s.call('queryTariffTemplateList', { page: 1, length: 100 }, tokA);
      expect(r.code).toBe(0);
      expect(r.data.dataList.length).toBeGreaterThanOrEqual(3); // two seeded + 'A template'
      expect(r.data.dataList.every((t) => t.serviceProviderId === pA)).toBe(true);
      expect(r.data.dataList.map((t) => t.templateId)).toContain(templateA);
      expect(r.data.dataList.map((t) => t.templateId)).not.toContain(templateB);
      const root = await s.call('queryTariffTemplateList', { orgId: pB }, admin);
      expect(root.data.dataList.map((t) => t.templateId)).toContain(templateB);
      expect(root.data.dataList.every((t) => t.serviceProviderId === pB)).toBe(true);
      const all = await s.call('queryTariffTemplateList', { length: 1000 }, admin);
      expect(new Set(all.data.dataList.map((t) => t.serviceProviderId)).size).toBeGreaterThanOrEqual(3);
    });

    it('saveTariffTemplate creates in the own provider and edits; duplicate names conflict', async () => {
      const r = await s.call('saveTariffTemplate', { name: 'Night valley', seasons: goodSeasons() }, tokA);
      expect(r.code).toBe(0);
      const id = r.data.templateId;
      const edit = await s.call('saveTariffTemplate', { templateId: id, name: 'Night valley 2', seasons: goodSeasons(0.3) }, tokA);
      expect(edit.code).toBe(0);
      const list = await s.call('queryTariffTemplateList', { length: 100 }, tokA);
      expect(list.data.dataList.find((t) => t.templateId === id)).toMatchObject({ name: 'Night valley 2', serviceProviderId: pA });
      expectConflict(await s.call('saveTariffTemplate', { name: 'A template', seasons: goodSeasons() }, tokA), 'duplicateName');
      expect(await auditCount('saveTariffTemplate', `tariffTemplate:${id}`)).toBe(2);
      // the platform admin must name the provider; the same name in another provider is fine
      expectInvalid(await s.call('saveTariffTemplate', { name: 'Root', seasons: goodSeasons() }, admin), 'orgId', 'required');
      expect((await s.call('saveTariffTemplate', { orgId: pB, name: 'Night valley 2', seasons: goodSeasons() }, admin)).code).toBe(0);
    });

    it('deleteTariffTemplate deletes (audited)', async () => {
      const id = (await s.call('saveTariffTemplate', { name: 'Short-lived', seasons: goodSeasons() }, tokA)).data.templateId;
      const r = await s.call('deleteTariffTemplate', { templateId: id }, tokA);
      expect(r.code).toBe(0);
      expectNotFound(await s.call('deleteTariffTemplate', { templateId: id }, tokA));
      expect(await auditCount('deleteTariffTemplate', `tariffTemplate:${id}`)).toBe(1);
    });

    it('applyTariffTemplate creates a pending station tariff from a template of the same provider', async () => {
      const effectiveDate = await freeDate(stA);
      const r = await s.call('applyTariffTemplate', { templateId: templateA, stationId: stA, name: 'From template', effectiveDate }, tokA);
      expect(r.code).toBe(0);
      const t = await s.call('queryTariffById', { tariffId: r.data.tariffId }, tokA);
      expect(t.data).toMatchObject({ name: 'From template', effectiveDate, status: 'pending', stationId: stA });
      expect(t.data.seasons).toEqual((await s.call('queryTariffTemplateList', { length: 100 }, tokA)).data.dataList.find((x) => x.templateId === templateA)!.seasons);
      expect(await auditCount('applyTariffTemplate', `tariff:${r.data.tariffId}`)).toBe(1);
      // the platform admin cannot put provider B's template on provider A's station
      expectInvalid(await s.call('applyTariffTemplate', { templateId: templateB, stationId: stA, name: 'x', effectiveDate: await freeDate(stA) }, admin), 'templateId', 'providerMismatch');
    });

    it('saveOilPrice creates and edits a pending fuel price; overlaps conflict; queryOilPriceList shows it', async () => {
      const from = await freeTime(stA2);
      const r = await s.call('saveOilPrice', { stationId: stA2, startTime: iso(from + DAY), endTime: iso(from + 10 * DAY), pricePerLitre: 1.1, kwhPerLitre: 3.2 }, tokA);
      expect(r.code).toBe(0);
      const id = r.data.oilPriceId;
      const edit = await s.call('saveOilPrice', { stationId: stA2, oilPriceId: id, startTime: iso(from + DAY), endTime: iso(from + 12 * DAY), pricePerLitre: 1.1234, kwhPerLitre: 3.25 }, tokA);
      expect(edit.code).toBe(0);
      expectConflict(
        await s.call('saveOilPrice', { stationId: stA2, startTime: iso(from + 11 * DAY), endTime: iso(from + 20 * DAY), pricePerLitre: 1, kwhPerLitre: 3 }, tokA),
        'overlap',
      );
      // adjacent (half-open periods) is fine
      expect((await s.call('saveOilPrice', { stationId: stA2, startTime: iso(from + 12 * DAY), endTime: iso(from + 20 * DAY), pricePerLitre: 1, kwhPerLitre: 3 }, tokA)).code).toBe(0);
      const list = await s.call('queryOilPriceList', { stationId: stA2, status: 'pending', length: 100 }, tokA);
      expect(list.code).toBe(0);
      expect(list.data.dataList.find((o) => o.oilPriceId === id)).toEqual({
        oilPriceId: id, stationId: stA2, startTime: iso(from + DAY), endTime: iso(from + 12 * DAY), status: 'pending', pricePerLitre: 1.1234, kwhPerLitre: 3.25,
      });
      expect(list.data.dataList.every((o) => o.status === 'pending')).toBe(true);
      expect(await auditCount('saveOilPrice', `oilPrice:${id}`)).toBe(2);
    });

    it('queryOilPriceList: every status, newest first, paged', async () => {
      const all = await s.call('queryOilPriceList', { stationId: stB, length: 1000 }, admin);
      expect(all.code).toBe(0);
      expect(all.data.totalCount).toBe(all.data.dataList.length);
      const starts = all.data.dataList.map((o) => o.startTime);
      expect([...starts].sort().reverse()).toEqual(starts);
      const page = await s.call('queryOilPriceList', { stationId: stB, page: 1, length: 1 }, admin);
      expect(page.data.dataList.length).toBe(1);
      expect(page.data.totalCount).toBe(all.data.totalCount);
    });

    it('deleteOilPrice deletes a pending fuel price (audited)', async () => {
      const from = await freeTime(stA2);
      const id = (await s.call('saveOilPrice', { stationId: stA2, startTime: iso(from), endTime: iso(from + DAY), pricePerLitre: 1, kwhPerLitre: 3 }, tokA)).data.oilPriceId;
      const r = await s.call('deleteOilPrice', { oilPriceId: id }, tokA);
      expect(r.code).toBe(0);
      expectNotFound(await s.call('deleteOilPrice', { oilPriceId: id }, tokA));
      expect(await auditCount('deleteOilPrice', `oilPrice:${id}`)).toBe(1);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('permission denied (role lacks the key)', () => {
    it('read actions need the route keys', async () => {
      const reads = [
        s.call('queryStationTariffs', { stationId: stA }, writeOnly),
        s.call('queryTariffHistory', { stationId: stA }, writeOnly),
        s.call('queryTariffById', { tariffId: 1 }, writeOnly),
        s.call('queryTariffTemplateList', {}, writeOnly),
        s.call('queryOilPriceList', { stationId: stA }, writeOnly),
      ];
      for (const r of await Promise.all(reads)) expectForbidden(r);
    });

    it('write actions need tariff.edit / oilPrice.edit (the read-only operator and a read-everything role)', async () => {
      const d = await freeDate(stA);
      const from = await freeTime(stA);
      for (const tok of [readOnly, operator]) {
        const writes = [
          s.call('saveTariff', { stationId: stA, name: 'x', effectiveDate: d, seasons: goodSeasons() }, tok),
          s.call('deleteTariff', { tariffId: 1 }, tok),
          s.call('saveTariffTemplate', { name: 'x', seasons: goodSeasons() }, tok),
          s.call('deleteTariffTemplate', { templateId: templateA }, tok),
          s.call('applyTariffTemplate', { templateId: templateA, stationId: stA, name: 'x', effectiveDate: d }, tok),
          s.call('saveOilPrice', { stationId: stA, startTime: iso(from), endTime: iso(from + DAY), pricePerLitre: 1, kwhPerLitre: 3 }, tok),
          s.call('deleteOilPrice', { oilPriceId: oilB }, tok),
        ];
        for (const r of await Promise.all(writes)) expectForbidden(r);
      }
      expect((await s.call('queryTariffTemplateList', { length: 100 }, tokA)).data.dataList.map((t) => t.templateId)).toContain(templateA);
    });

    it('templates are provider-wide: a station-scoped account with tariff.edit may not change them', async () => {
      const scoped = await s.makeAccount({ orgId: pA, permissions: ['tariff.edit', 'electricityPriceManagement.priceTemlate'], dataScope: 'stations', stationIds: [stA] });
      expectForbidden(await s.call('saveTariffTemplate', { name: 'scoped', seasons: goodSeasons() }, scoped.token));
      expectForbidden(await s.call('deleteTariffTemplate', { templateId: templateA }, scoped.token));
      expect((await s.call('queryTariffTemplateList', {}, scoped.token)).code).toBe(0);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe("cross-tenant probes: provider A's admin with provider B's ids", () => {
    it('every action answers notFound with data null and changes nothing', async () => {
      const dA = await freeDate(stA);
      const dB = await freeDate(stB);
      const from = await freeTime(stA);
      const probes: [string, Promise<Answer<unknown>>][] = [
        ['queryStationTariffs', s.call('queryStationTariffs', { stationId: stB }, tokA)],
        ['queryTariffHistory', s.call('queryTariffHistory', { stationId: stB }, tokA)],
        ['queryTariffById', s.call('queryTariffById', { tariffId: tariffB }, tokA)],
        ['saveTariff(station)', s.call('saveTariff', { stationId: stB, name: 'x', effectiveDate: dB, seasons: goodSeasons() }, tokA)],
        ['saveTariff(tariff)', s.call('saveTariff', { stationId: stA, tariffId: tariffB, name: 'x', effectiveDate: dA, seasons: goodSeasons() }, tokA)],
        ['deleteTariff', s.call('deleteTariff', { tariffId: tariffB }, tokA)],
        ['queryTariffTemplateList', s.call('queryTariffTemplateList', { orgId: pB }, tokA)],
        ['saveTariffTemplate(org)', s.call('saveTariffTemplate', { orgId: pB, name: 'x', seasons: goodSeasons() }, tokA)],
        ['saveTariffTemplate(template)', s.call('saveTariffTemplate', { templateId: templateB, name: 'x', seasons: goodSeasons() }, tokA)],
        ['deleteTariffTemplate', s.call('deleteTariffTemplate', { templateId: templateB }, tokA)],
        ['applyTariffTemplate(template)', s.call('applyTariffTemplate', { templateId: templateB, stationId: stA, name: 'x', effectiveDate: dA }, tokA)],
        ['applyTariffTemplate(station)', s.call('applyTariffTemplate', { templateId: templateA, stationId: stB, name: 'x', effectiveDate: dB }, tokA)],
        ['queryOilPriceList', s.call('queryOilPriceList', { stationId: stB }, tokA)],
        ['saveOilPrice(station)', s.call('saveOilPrice', { stationId: stB, startTime: iso(from), endTime: iso(from + DAY), pricePerLitre: 1, kwhPerLitre: 3 }, tokA)],
        ['saveOilPrice(oilPrice)', s.call('saveOilPrice', { stationId: stA, oilPriceId: oilB, startTime: iso(from), endTime: iso(from + DAY), pricePerLitre: 1, kwhPerLitre: 3 }, tokA)],
        ['deleteOilPrice', s.call('deleteOilPrice', { oilPriceId: oilB }, tokA)],
      ];
      for (const [name, p] of probes) {
        const r = await p;
        expect({ name, status: r.status, code: r.code, data: r.data }).toEqual({ name, status: 404, code: ErrorCode.notFound, data: null });
        expect(r.msg).not.toMatch(/secret/i);
      }
      // B's objects are untouched and still there for B's side
      expect((await s.call('queryTariffById', { tariffId: tariffB }, admin)).data).toMatchObject({ name: 'B secret tariff', status: 'pending' });
      const tpls = await s.call('queryTariffTemplateList', { orgId: pB, length: 100 }, admin);
      expect(tpls.data.dataList.find((t) => t.templateId === templateB)?.name).toBe('B secret template');
      const oils = await s.call('queryOilPriceList', { stationId: stB, length: 1000 }, admin);
      expect(oils.data.dataList.find((o) => o.oilPriceId === oilB)?.pricePerLitre).toBe(1.2345);
      const [n] = await s.services.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tariffs WHERE name = 'x'");
      expect(n!.n).toBe(0);
    });

    it('a station-scoped account sees only its stations', async () => {
      const scoped = await s.makeAccount({ orgId: pA, permissions: ['electricityPriceManagement.electricityPriceManagement', 'tariff.edit'], dataScope: 'stations', stationIds: [stA2] });
      expectNotFound(await s.call('queryStationTariffs', { stationId: stA }, scoped.token));
      expect((await s.call('queryStationTariffs', { stationId: stA2 }, scoped.token)).code).toBe(0);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('invalid payloads (validationFailed 3001 with the field path)', () => {
    it('read actions', async () => {
      expectInvalid(await s.call('queryStationTariffs', {}, tokA), 'stationId', 'required');
      expectInvalid(await s.call('queryTariffHistory', { stationId: stA, page: 0 }, tokA), 'page', 'tooSmall');
      expectInvalid(await s.call('queryTariffById', { tariffId: -3 }, tokA), 'tariffId', 'tooSmall');
      expectInvalid(await s.call('queryTariffTemplateList', { length: 5000 }, tokA), 'length', 'tooBig');
      expectInvalid(await s.call('queryOilPriceList', { stationId: stA, status: 'bogus' }, tokA), 'status', 'invalidFormat');
    });

    it('saveTariff: SPEC §5 rules', async () => {
      const base = { stationId: stA, name: 'Rules', effectiveDate: await freeDate(stA), seasons: goodSeasons() };
      const save = (over: Record<string, unknown>) => s.call('saveTariff', { ...base, ...over }, tokA);
      // price with more than four decimals, and a missing price
      expectInvalid(await save({ seasons: goodSeasons(0.12345) }), 'seasons.0.slots.1.fromGridPrice', 'priceFormat');
      const noPrice = goodSeasons();
      delete (noPrice[0]!.slots[0] as Partial<Slot>).feedInPrice;
      expectInvalid(await save({ seasons: noPrice }), 'seasons.0.slots.0.feedInPrice', 'required');
      // execution months must cover all 12
      expectInvalid(await save({ seasons: [{ months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], slots: [slot('00:00', '24:00')] }] }), 'seasons', 'monthsIncomplete');
      // time slots must cover 24 h
      expectInvalid(await save({ seasons: [{ months: MONTHS, slots: [slot('00:00', '08:00'), slot('09:00', '24:00')] }] }), 'seasons.0.slots', 'hoursIncomplete');
      expectInvalid(await save({ seasons: [{ months: MONTHS, slots: [slot('00:00', '20:00')] }] }), 'seasons.0.slots', 'hoursIncomplete');
      // end before start
      expectInvalid(await save({ seasons: [{ months: MONTHS, slots: [slot('00:00', '12:00'), slot('12:00', '08:00')] }] }), 'seasons.0.slots', 'timeError');
      // name required (blank after trimming)
      expectInvalid(await save({ name: '   ' }), 'name', 'tooSmall');
      const { name: _name, ...noName } = base;
      expectInvalid(await s.call('saveTariff', noName, tokA), 'name', 'required');
      // effective date: a real date, not in the station's past
      expectInvalid(await save({ effectiveDate: '2026-02-30x' }), 'effectiveDate', 'invalidFormat');
      expectInvalid(await save({ effectiveDate: addDays(await todayOf(stA), -1) }), 'effectiveDate', 'pastDate');
      const [n] = await s.services.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tariffs WHERE name = 'Rules'");
      expect(n!.n).toBe(0);
    });

    it('deleteTariff', async () => {
      expectInvalid(await s.call('deleteTariff', { tariffId: 'abc' }, tokA), 'tariffId');
      expectInvalid(await s.call('deleteTariff', { tariffId: 2.5 }, tokA), 'tariffId');
    });

    it('saveTariffTemplate: name required and the season rules', async () => {
      expectInvalid(await s.call('saveTariffTemplate', { name: '', seasons: goodSeasons() }, tokA), 'name', 'tooSmall');
      expectInvalid(await s.call('saveTariffTemplate', { name: 'T', seasons: [{ months: MONTHS, slots: [slot('00:00', '23:00')] }] }, tokA), 'seasons.0.slots', 'hoursIncomplete');
      expectInvalid(await s.call('saveTariffTemplate', { name: 'T', seasons: goodSeasons(1.00001) }, tokA), 'seasons.0.slots.1.fromGridPrice', 'priceFormat');
    });

    it('deleteTariffTemplate', async () => {
      expectInvalid(await s.call('deleteTariffTemplate', {}, tokA), 'templateId', 'required');
    });

    it('applyTariffTemplate', async () => {
      expectInvalid(await s.call('applyTariffTemplate', { templateId: templateA, stationId: stA, name: 'x', effectiveDate: 'tomorrow' }, tokA), 'effectiveDate', 'invalidFormat');
      expectInvalid(await s.call('applyTariffTemplate', { templateId: templateA, stationId: stA, name: 'x', effectiveDate: addDays(await todayOf(stA), -3) }, tokA), 'effectiveDate', 'pastDate');
    });

    it('saveOilPrice: end before start, past start, more than four decimals, bad time', async () => {
      const from = await freeTime(stA2);
      const base = { stationId: stA2, startTime: iso(from + DAY), endTime: iso(from + 2 * DAY), pricePerLitre: 1.2, kwhPerLitre: 3 };
      expectInvalid(await s.call('saveOilPrice', { ...base, endTime: iso(from) }, tokA), 'endTime', 'timeError');
      expectInvalid(await s.call('saveOilPrice', { ...base, endTime: base.startTime }, tokA), 'endTime', 'timeError');
      expectInvalid(await s.call('saveOilPrice', { ...base, startTime: iso(s.clock.now - DAY) }, tokA), 'startTime', 'pastDate');
      expectInvalid(await s.call('saveOilPrice', { ...base, pricePerLitre: 1.23456 }, tokA), 'pricePerLitre', 'priceFormat');
      expectInvalid(await s.call('saveOilPrice', { ...base, pricePerLitre: -1 }, tokA), 'pricePerLitre', 'tooSmall');
      expectInvalid(await s.call('saveOilPrice', { ...base, startTime: '2026-01-01 00:00' }, tokA), 'startTime', 'invalidFormat');
      const [n] = await s.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM oil_prices WHERE station_id = $1 AND start_time >= $2', [stA2, new Date(from)]);
      expect(n!.n).toBe(0);
    });

    it('deleteOilPrice', async () => {
      expectInvalid(await s.call('deleteOilPrice', { oilPriceId: 0 }, tokA), 'oilPriceId', 'tooSmall');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('status as the clock moves (last: moves the clock)', () => {
    it('a pending tariff becomes active on its date in the station time zone; the old one becomes history', async () => {
      const before = (await s.call('queryStationTariffs', { stationId: stA }, tokA)).data;
      // drop the pending ones so the new tariff is the next to take effect
      for (const p of before.pending) expect((await s.call('deleteTariff', { tariffId: p.tariffId }, tokA)).code).toBe(0);
      const date = addDays(await todayOf(stA), 3);
      const id = (await s.call('saveTariff', { stationId: stA, name: 'Goes live', effectiveDate: date, seasons: goodSeasons() }, tokA)).data.tariffId;
      // to the last hour of the day before, station time
      while (dateIn(s.clock.now + 3600_000, tzA) < date) s.clock.now += 3600_000;
      expect(dateIn(s.clock.now, tzA)).toBe(addDays(date, -1));
      expect((await s.call('queryTariffById', { tariffId: id }, tokA)).data.status).toBe('pending');
      expect((await s.call('queryStationInfoById', { stationId: stA }, tokA)).data.tariffName).toBe(before.active!.name);
      // edits still possible, then midnight passes
      expect((await s.call('saveTariff', { stationId: stA, tariffId: id, name: 'Goes live!', effectiveDate: date, seasons: goodSeasons() }, tokA)).code).toBe(0);
      s.clock.now += 3600_000;
      expect(dateIn(s.clock.now, tzA)).toBe(date);
      const now = (await s.call('queryStationTariffs', { stationId: stA }, tokA)).data;
      expect(now.active).toMatchObject({ tariffId: id, name: 'Goes live!', status: 'active' });
      expect(now.pending).toEqual([]);
      expect((await s.call('queryStationInfoById', { stationId: stA }, tokA)).data.tariffName).toBe('Goes live!');
      const hist = await s.call('queryTariffHistory', { stationId: stA, length: 100 }, tokA);
      expect(hist.data.dataList[0]!.tariffId).toBe(before.active!.tariffId);
      expect((await s.call('queryTariffById', { tariffId: before.active!.tariffId }, tokA)).data.status).toBe('history');
      // now read-only
      expectConflict(await s.call('deleteTariff', { tariffId: id }, tokA), 'notPending');
      expectConflict(await s.call('saveTariff', { stationId: stA, tariffId: id, name: 'late', effectiveDate: addDays(date, 5), seasons: goodSeasons() }, tokA), 'notPending');
    });

    it('a fuel price goes pending → active → expired; only a pending one may change', async () => {
      const from = await freeTime(stA);
      const start = from + 2 * DAY;
      const end = start + 3 * DAY;
      const id = (await s.call('saveOilPrice', { stationId: stA, startTime: iso(start), endTime: iso(end), pricePerLitre: 1.05, kwhPerLitre: 3.4 }, tokA)).data.oilPriceId;
      const statusNow = async () => (await s.call('queryOilPriceList', { stationId: stA, length: 1000 }, tokA)).data.dataList.find((o) => o.oilPriceId === id)!.status;
      const filtered = async (status: 'pending' | 'active' | 'expired') =>
        (await s.call('queryOilPriceList', { stationId: stA, status, length: 1000 }, tokA)).data.dataList.map((o) => o.oilPriceId);
      expect(await statusNow()).toBe('pending');
      s.clock.now = start - 1000;
      expect(await statusNow()).toBe('pending');
      s.clock.now = start;
      expect(await statusNow()).toBe('active');
      expect(await filtered('active')).toContain(id);
      expect(await filtered('pending')).not.toContain(id);
      expectConflict(await s.call('saveOilPrice', { stationId: stA, oilPriceId: id, startTime: iso(start + DAY), endTime: iso(end), pricePerLitre: 1, kwhPerLitre: 3 }, tokA), 'notPending');
      expectConflict(await s.call('deleteOilPrice', { oilPriceId: id }, tokA), 'notPending');
      s.clock.now = end - 1;
      expect(await statusNow()).toBe('active');
      s.clock.now = end;
      expect(await statusNow()).toBe('expired');
      expect(await filtered('expired')).toContain(id);
      expectConflict(await s.call('deleteOilPrice', { oilPriceId: id }, tokA), 'notPending');
    });
  });
});
