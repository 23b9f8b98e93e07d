import { describe, expect, it } from 'vitest';
import { backends, type Answer } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';
import { addDays, DAY, expectForbidden, expectInvalid, expectNotFound, goodSeasons, MONTHS, type Slot, slot, tariffsWorld } from './tariffs-fixture';

// What the tariff, template and fuel price actions refuse: a role without the key, provider B's
// ids in provider A's requests, and invalid payloads (validationFailed 3001 with the field path).

describe.each(backends())('tariffs, templates and fuel prices: refusals (%s)', (backend) => {
  const w = tariffsWorld(backend);
  const { todayOf, iso, freeDate, freeTime } = w;
  /** The token of a fresh provider A account with these keys that sees only this station. */
  const scopedTo = async (stationId: number, permissions: string[]) =>
    (await w.s.makeAccount({ orgId: w.pA, permissions, dataScope: 'stations', stationIds: [stationId] })).token;

  // -------------------------------------------------------------------------------------------
  describe('permission denied (role lacks the key)', () => {
    it('read actions need the route keys', async () => {
      const reads = [
        w.s.call('queryStationTariffs', { stationId: w.stA }, w.writeOnly),
        w.s.call('queryTariffHistory', { stationId: w.stA }, w.writeOnly),
        w.s.call('queryTariffById', { tariffId: 1 }, w.writeOnly),
        w.s.call('queryTariffTemplateList', {}, w.writeOnly),
        w.s.call('queryOilPriceList', { stationId: w.stA }, w.writeOnly),
      ];
      for (const r of await Promise.all(reads)) expectForbidden(r);
    });

    it('write actions need tariff.edit / oilPrice.edit (the read-only operator and a read-everything role)', async () => {
      const d = await freeDate(w.stA);
      const from = await freeTime(w.stA);
      for (const tok of [w.readOnly, w.operator]) {
        const writes = [
          w.s.call('saveTariff', { stationId: w.stA, name: 'x', effectiveDate: d, seasons: goodSeasons() }, tok),
          w.s.call('deleteTariff', { tariffId: 1 }, tok),
          w.s.call('saveTariffTemplate', { name: 'x', seasons: goodSeasons() }, tok),
          w.s.call('deleteTariffTemplate', { templateId: w.templateA }, tok),
          w.s.call('applyTariffTemplate', { templateId: w.templateA, stationId: w.stA, name: 'x', effectiveDate: d }, tok),
          w.s.call('saveOilPrice', { stationId: w.stA, startTime: iso(from), endTime: iso(from + DAY), pricePerLitre: 1, kwhPerLitre: 3 }, tok),
          w.s.call('deleteOilPrice', { oilPriceId: w.oilB }, tok),
        ];
        for (const r of await Promise.all(writes)) expectForbidden(r);
      }
      expect((await w.s.call('queryTariffTemplateList', { length: 100 }, w.tokA)).data.dataList.map((t) => t.templateId)).toContain(w.templateA);
    });

    it('templates are provider-wide: a station-scoped account with tariff.edit may not change them', async () => {
      const scoped = await scopedTo(w.stA, ['tariff.edit', 'electricityPriceManagement.priceTemlate']);
      expectForbidden(await w.s.call('saveTariffTemplate', { name: 'scoped', seasons: goodSeasons() }, scoped));
      expectForbidden(await w.s.call('deleteTariffTemplate', { templateId: w.templateA }, scoped));
      expect((await w.s.call('queryTariffTemplateList', {}, scoped)).code).toBe(0);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe("cross-tenant probes: provider A's admin with provider B's ids", () => {
    it('every action answers notFound with data null and changes nothing', async () => {
      const dA = await freeDate(w.stA);
      const dB = await freeDate(w.stB);
      const from = await freeTime(w.stA);
      const probes: [string, Promise<Answer<unknown>>][] = [
        ['queryStationTariffs', w.s.call('queryStationTariffs', { stationId: w.stB }, w.tokA)],
        ['queryTariffHistory', w.s.call('queryTariffHistory', { stationId: w.stB }, w.tokA)],
        ['queryTariffById', w.s.call('queryTariffById', { tariffId: w.tariffB }, w.tokA)],
        ['saveTariff(station)', w.s.call('saveTariff', { stationId: w.stB, name: 'x', effectiveDate: dB, seasons: goodSeasons() }, w.tokA)],
        ['saveTariff(tariff)', w.s.call('saveTariff', { stationId: w.stA, tariffId: w.tariffB, name: 'x', effectiveDate: dA, seasons: goodSeasons() }, w.tokA)],
        ['deleteTariff', w.s.call('deleteTariff', { tariffId: w.tariffB }, w.tokA)],
        ['queryTariffTemplateList', w.s.call('queryTariffTemplateList', { orgId: w.pB }, w.tokA)],
        ['saveTariffTemplate(org)', w.s.call('saveTariffTemplate', { orgId: w.pB, name: 'x', seasons: goodSeasons() }, w.tokA)],
        ['saveTariffTemplate(template)', w.s.call('saveTariffTemplate', { templateId: w.templateB, name: 'x', seasons: goodSeasons() }, w.tokA)],
        ['deleteTariffTemplate', w.s.call('deleteTariffTemplate', { templateId: w.templateB }, w.tokA)],
        ['applyTariffTemplate(template)', w.s.call('applyTariffTemplate', { templateId: w.templateB, stationId: w.stA, name: 'x', effectiveDate: dA }, w.tokA)],
        ['applyTariffTemplate(station)', w.s.call('applyTariffTemplate', { templateId: w.templateA, stationId: w.stB, name: 'x', effectiveDate: dB }, w.tokA)],
        ['queryOilPriceList', w.s.call('queryOilPriceList', { stationId: w.stB }, w.tokA)],
        [
          'saveOilPrice(station)',
          w.s.call('saveOilPrice', { stationId: w.stB, startTime: iso(from), endTime: iso(from + DAY), pricePerLitre: 1, kwhPerLitre: 3 }, w.tokA),
        ],
        [
          'saveOilPrice(oilPrice)',
          w.s.call(
            'saveOilPrice',
            { stationId: w.stA, oilPriceId: w.oilB, startTime: iso(from), endTime: iso(from + DAY), pricePerLitre: 1, kwhPerLitre: 3 },
            w.tokA,
          ),
        ],
        ['deleteOilPrice', w.s.call('deleteOilPrice', { oilPriceId: w.oilB }, w.tokA)],
      ];
      for (const [name, p] of probes) {
        const r = await p;
        expect({ name, status: r.status, code: r.code, data: r.data }).toEqual({ name, status: 404, code: ErrorCode.notFound, data: null });
        expect(r.msg).not.toMatch(/secret/i);
      }
      // B's objects are untouched and still there for B's side
      expect((await w.s.call('queryTariffById', { tariffId: w.tariffB }, w.admin)).data).toMatchObject({ name: 'B secret tariff', status: 'pending' });
      const tpls = await w.s.call('queryTariffTemplateList', { orgId: w.pB, length: 100 }, w.admin);
      expect(tpls.data.dataList.find((t) => t.templateId === w.templateB)?.name).toBe('B secret template');
      const oils = await w.s.call('queryOilPriceList', { stationId: w.stB, length: 1000 }, w.admin);
      expect(oils.data.dataList.find((o) => o.oilPriceId === w.oilB)?.pricePerLitre).toBe(1.2345);
      const [n] = await w.s.services.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tariffs WHERE name = 'x'");
      expect(n!.n).toBe(0);
    });

    it('a station-scoped account sees only its stations', async () => {
      const scoped = await scopedTo(w.stA2, ['electricityPriceManagement.electricityPriceManagement', 'tariff.edit']);
      expectNotFound(await w.s.call('queryStationTariffs', { stationId: w.stA }, scoped));
      expect((await w.s.call('queryStationTariffs', { stationId: w.stA2 }, scoped)).code).toBe(0);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('invalid payloads (validationFailed 3001 with the field path)', () => {
    it('read actions', async () => {
      expectInvalid(await w.s.call('queryStationTariffs', {}, w.tokA), 'stationId', 'required');
      expectInvalid(await w.s.call('queryTariffHistory', { stationId: w.stA, page: 0 }, w.tokA), 'page', 'tooSmall');
      expectInvalid(await w.s.call('queryTariffById', { tariffId: -3 }, w.tokA), 'tariffId', 'tooSmall');
      expectInvalid(await w.s.call('queryTariffTemplateList', { length: 5000 }, w.tokA), 'length', 'tooBig');
      expectInvalid(await w.s.call('queryOilPriceList', { stationId: w.stA, status: 'bogus' }, w.tokA), 'status', 'invalidFormat');
    });

    it('saveTariff: the demand, capacity and fixed charges, each refused at its field', async () => {
      const base = { stationId: w.stA, name: 'Charge rules', effectiveDate: await freeDate(w.stA), seasons: goodSeasons() };
      const save = (charges: unknown) => w.s.call('saveTariff', { ...base, charges }, w.tokA);
      const demand = { pricePerKw: 30, windowMinutes: 15 };
      expectInvalid(await save({ demand: [{ ...demand, pricePerKw: 3.12345 }] }), 'charges.demand.0.pricePerKw', 'priceFormat');
      expectInvalid(await save({ demand: [{ ...demand, pricePerKw: -1 }] }), 'charges.demand.0.pricePerKw', 'tooSmall');
      expectInvalid(await save({ demand: [{ ...demand, windowMinutes: 20 }] }), 'charges.demand.0.windowMinutes', 'windowInvalid');
      expectInvalid(await save({ demand: [demand, { ...demand, periods: [] }] }), 'charges.demand.1.periods', 'periodsRequired');
      expectInvalid(await save({ demand: [{ ...demand, periods: ['peak', 'peak'] }] }), 'charges.demand.0.periods', 'periodsRequired');
      expectInvalid(await save({ demand: [{ ...demand, ratchet: { percent: 120, months: 11 } }] }), 'charges.demand.0.ratchet.percent', 'ratchetPercent');
      expectInvalid(await save({ demand: [{ ...demand, ratchet: { percent: 80, months: 0 } }] }), 'charges.demand.0.ratchet.months', 'ratchetMonths');
      expectInvalid(await save({ capacityPricePerKva: 'x' }), 'charges.capacityPricePerKva', 'invalidType');
      expectInvalid(await save({ fixedMonthlyFee: 0.00001 }), 'charges.fixedMonthlyFee', 'priceFormat');
      // tiered energy rates: first tier at 0 kWh, edges rising, whole kWh, adders as prices, at most five
      const tier = (fromKwh: unknown, adderPerKwh: unknown = 0.05) => ({ fromKwh, adderPerKwh });
      expectInvalid(await save({ blocks: [tier(100)] }), 'charges.blocks.0.fromKwh', 'firstBlockAtZero');
      expectInvalid(await save({ blocks: [tier(0), tier(5000), tier(5000)] }), 'charges.blocks.2.fromKwh', 'blockOrder');
      expectInvalid(await save({ blocks: [tier(0), tier(5000), tier(3000)] }), 'charges.blocks.2.fromKwh', 'blockOrder');
      expectInvalid(await save({ blocks: [tier(0), tier(10.5)] }), 'charges.blocks.1.fromKwh', 'kwhFormat');
      expectInvalid(await save({ blocks: [tier(0), tier(-1)] }), 'charges.blocks.1.fromKwh', 'kwhFormat');
      expectInvalid(await save({ blocks: [tier(0), { adderPerKwh: 0.1 }] }), 'charges.blocks.1.fromKwh', 'required');
      expectInvalid(await save({ blocks: [tier(0), tier(10, 0.12345)] }), 'charges.blocks.1.adderPerKwh', 'priceFormat');
      expectInvalid(await save({ blocks: [tier(0), tier(10, -0.1)] }), 'charges.blocks.1.adderPerKwh', 'tooSmall');
      expectInvalid(await save({ blocks: [0, 1, 2, 3, 4, 5].map((k) => tier(k * 1000)) }), 'charges.blocks', 'tooBig');
      const [n] = await w.s.services.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tariffs WHERE name = 'Charge rules'");
      expect(n!.n).toBe(0);
    });

    it('saveTariff: SPEC §5 rules', async () => {
      const base = { stationId: w.stA, name: 'Rules', effectiveDate: await freeDate(w.stA), seasons: goodSeasons() };
      const save = (over: Record<string, unknown>) => w.s.call('saveTariff', { ...base, ...over }, w.tokA);
      // price with more than four decimals, and a missing price
      expectInvalid(await save({ seasons: goodSeasons(0.12345) }), 'seasons.0.slots.1.fromGridPrice', 'priceFormat');
      const noPrice = goodSeasons();
      delete (noPrice[0]!.slots[0] as Partial<Slot>).feedInPrice;
      expectInvalid(await save({ seasons: noPrice }), 'seasons.0.slots.0.feedInPrice', 'required');
      // execution months must cover all 12
      expectInvalid(await save({ seasons: [{ months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], slots: [slot('00:00', '24:00')] }] }), 'seasons', 'monthsIncomplete');
      // time slots must cover 24 h
      expectInvalid(
        await save({ seasons: [{ months: MONTHS, slots: [slot('00:00', '08:00'), slot('09:00', '24:00')] }] }),
        'seasons.0.slots',
        'hoursIncomplete',
      );
      expectInvalid(await save({ seasons: [{ months: MONTHS, slots: [slot('00:00', '20:00')] }] }), 'seasons.0.slots', 'hoursIncomplete');
      // end before start
      expectInvalid(await save({ seasons: [{ months: MONTHS, slots: [slot('00:00', '12:00'), slot('12:00', '08:00')] }] }), 'seasons.0.slots', 'timeError');
      // name required (blank after trimming)
      expectInvalid(await save({ name: '   ' }), 'name', 'tooSmall');
      const { name: _name, ...noName } = base;
      expectInvalid(await w.s.call('saveTariff', noName, w.tokA), 'name', 'required');
      // effective date: a real date, not in the station's past
      expectInvalid(await save({ effectiveDate: '2026-02-30x' }), 'effectiveDate', 'invalidFormat');
      expectInvalid(await save({ effectiveDate: addDays(await todayOf(w.stA), -1) }), 'effectiveDate', 'pastDate');
      const [n] = await w.s.services.db.query<{ n: number }>("SELECT count(*)::int AS n FROM tariffs WHERE name = 'Rules'");
      expect(n!.n).toBe(0);
    });

    it('deleteTariff', async () => {
      expectInvalid(await w.s.call('deleteTariff', { tariffId: 'abc' }, w.tokA), 'tariffId');
      expectInvalid(await w.s.call('deleteTariff', { tariffId: 2.5 }, w.tokA), 'tariffId');
    });

    it('saveTariffTemplate: name required and the season rules', async () => {
      expectInvalid(await w.s.call('saveTariffTemplate', { name: '', seasons: goodSeasons() }, w.tokA), 'name', 'tooSmall');
      expectInvalid(
        await w.s.call('saveTariffTemplate', { name: 'T', seasons: [{ months: MONTHS, slots: [slot('00:00', '23:00')] }] }, w.tokA),
        'seasons.0.slots',
        'hoursIncomplete',
      );
      expectInvalid(
        await w.s.call('saveTariffTemplate', { name: 'T', seasons: goodSeasons(1.00001) }, w.tokA),
        'seasons.0.slots.1.fromGridPrice',
        'priceFormat',
      );
    });

    it('deleteTariffTemplate', async () => {
      expectInvalid(await w.s.call('deleteTariffTemplate', {}, w.tokA), 'templateId', 'required');
    });

    it('applyTariffTemplate', async () => {
      expectInvalid(
        await w.s.call('applyTariffTemplate', { templateId: w.templateA, stationId: w.stA, name: 'x', effectiveDate: 'tomorrow' }, w.tokA),
        'effectiveDate',
        'invalidFormat',
      );
      expectInvalid(
        await w.s.call(
          'applyTariffTemplate',
          { templateId: w.templateA, stationId: w.stA, name: 'x', effectiveDate: addDays(await todayOf(w.stA), -3) },
          w.tokA,
        ),
        'effectiveDate',
        'pastDate',
      );
    });

    it('saveOilPrice: end before start, past start, more than four decimals, bad time', async () => {
      const from = await freeTime(w.stA2);
      const base = { stationId: w.stA2, startTime: iso(from + DAY), endTime: iso(from + 2 * DAY), pricePerLitre: 1.2, kwhPerLitre: 3 };
      expectInvalid(await w.s.call('saveOilPrice', { ...base, endTime: iso(from) }, w.tokA), 'endTime', 'timeError');
      expectInvalid(await w.s.call('saveOilPrice', { ...base, endTime: base.startTime }, w.tokA), 'endTime', 'timeError');
      expectInvalid(await w.s.call('saveOilPrice', { ...base, startTime: iso(w.s.clock.now - DAY) }, w.tokA), 'startTime', 'pastDate');
      expectInvalid(await w.s.call('saveOilPrice', { ...base, pricePerLitre: 1.23456 }, w.tokA), 'pricePerLitre', 'priceFormat');
      expectInvalid(await w.s.call('saveOilPrice', { ...base, pricePerLitre: -1 }, w.tokA), 'pricePerLitre', 'tooSmall');
      expectInvalid(await w.s.call('saveOilPrice', { ...base, startTime: '2026-01-01 00:00' }, w.tokA), 'startTime', 'invalidFormat');
      const [n] = await w.s.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM oil_prices WHERE station_id = $1 AND start_time >= $2', [
        w.stA2,
        new Date(from),
      ]);
      expect(n!.n).toBe(0);
    });

    it('deleteOilPrice', async () => {
      expectInvalid(await w.s.call('deleteOilPrice', { oilPriceId: 0 }, w.tokA), 'oilPriceId', 'tooSmall');
    });
  });
});
