import { beforeAll, describe, expect, it } from 'vitest';
import { backends, type Answer, type TestServer } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';
import { addDays, DAY, expectForbidden, expectInvalid, expectNotFound, goodSeasons, MONTHS, type Slot, slot, tariffsWorld } from './tariffs-fixture';

// What the tariff, template and fuel price actions refuse: a role without the key, provider B's
// ids in provider A's requests, and invalid payloads (validationFailed 3001 with the field path).

describe.each(backends())('tariffs, templates and fuel prices: refusals (%s)', (backend) => {
  const w = tariffsWorld(backend);
  const { todayOf, iso, freeDate, freeTime } = w;
  let s: TestServer;
  let admin: string;
  let tokA: string;
  let operator: string;
  let readOnly: string;
  let writeOnly: string;
  let pA: number;
  let pB: number;
  let stA: number;
  let stA2: number;
  let stB: number;
  let tariffB: number;
  let templateB: number;
  let oilB: number;
  let templateA: number;
  // the world's fields under the names the cases use
  beforeAll(() => ({ s, admin, tokA, operator, readOnly, writeOnly, pA, pB, stA, stA2, stB, tariffB, templateB, oilB, templateA } = w));

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
});
