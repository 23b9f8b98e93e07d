import { describe, expect, it } from 'vitest';
import { backends } from '../../test/harness';
import { addDays, dateIn, DAY, expectConflict, expectInvalid, expectNotFound, goodSeasons, MONTHS, tariffsWorld } from './tariffs-fixture';

// Tariffs, tariff templates and fuel prices: what the actions do with an accepted request, and
// how a tariff's and a fuel price's status follow the clock (last: moves the clock). What they
// refuse is in tariff-checks.test.ts.

describe.each(backends())('tariffs, templates and fuel prices (%s)', (backend) => {
  const w = tariffsWorld(backend);
  const { todayOf, iso, auditCount, freeDate, freeTime } = w;

  // -------------------------------------------------------------------------------------------
  describe('happy paths', () => {
    it('queryStationTariffs: the tariff in force on the station date and the pending ones', async () => {
      const r = await w.s.call('queryStationTariffs', { stationId: w.stA }, w.tokA);
      expect(r.code).toBe(0);
      const today = await todayOf(w.stA);
      const rows = await w.s.services.db.query<{ id: number; d: string }>(
        'SELECT id, effective_date AS d FROM tariffs WHERE station_id = $1 ORDER BY effective_date',
        [w.stA],
      );
      const active = rows.filter((x) => x.d <= today).at(-1);
      expect(r.data.active?.tariffId).toBe(active?.id);
      expect(r.data.active?.status).toBe('active');
      expect(r.data.pending.map((p) => p.tariffId)).toEqual(rows.filter((x) => x.d > today).map((x) => x.id));
      expect(r.data.active!.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    });

    it('queryTariffHistory: tariffs before the one in force, newest first', async () => {
      const r = await w.s.call('queryTariffHistory', { stationId: w.stA, page: 1, length: 50 }, w.tokA);
      expect(r.code).toBe(0);
      const today = await todayOf(w.stA);
      const rows = await w.s.services.db.query<{ id: number; d: string }>(
        'SELECT id, effective_date AS d FROM tariffs WHERE station_id = $1 AND effective_date <= $2::date ORDER BY effective_date DESC',
        [w.stA, today],
      );
      expect(r.data.totalCount).toBe(Math.max(rows.length - 1, 0));
      expect(r.data.dataList.map((x) => x.tariffId)).toEqual(rows.slice(1).map((x) => x.id));
      expect(r.data.dataList.every((x) => x.status === 'history')).toBe(true);
    });

    it('saveTariff creates a pending tariff, edits it, and writes the audit log', async () => {
      const effectiveDate = await freeDate(w.stA);
      const r = await w.s.call('saveTariff', { stationId: w.stA, name: '  Summer TOU  ', effectiveDate, seasons: goodSeasons() }, w.tokA);
      expect(r.code).toBe(0);
      const id = r.data.tariffId;
      const got = await w.s.call('queryTariffById', { tariffId: id }, w.tokA);
      expect(got.data).toMatchObject({ tariffId: id, stationId: w.stA, name: 'Summer TOU', effectiveDate, status: 'pending', currency: 'CNY' }); // provider A's
      // stored in canonical order: seasons by first month
      expect(got.data.seasons[0]!.months).toEqual([1, 2, 3, 4, 5, 10, 11, 12]);
      const edit = await w.s.call(
        'saveTariff',
        { stationId: w.stA, tariffId: id, name: 'Summer TOU v2', effectiveDate: addDays(effectiveDate, 1), seasons: goodSeasons(0.2) },
        w.tokA,
      );
      expect(edit.code).toBe(0);
      expect(edit.data.tariffId).toBe(id);
      const after = await w.s.call('queryTariffById', { tariffId: id }, w.tokA);
      expect(after.data).toMatchObject({ name: 'Summer TOU v2', effectiveDate: addDays(effectiveDate, 1) });
      expect(after.data.seasons[1]!.slots[1]!.fromGridPrice).toBe(0.2);
      expect(await auditCount('saveTariff', `tariff:${id}`)).toBe(2);
      const list = await w.s.call('queryStationTariffs', { stationId: w.stA }, w.tokA);
      expect(list.data.pending.map((p) => p.tariffId)).toContain(id);
    });

    it("saveTariff keeps the version's demand, capacity and fixed charges; a tariff without them has none", async () => {
      const charges = {
        demand: [
          { pricePerKw: 32.5, windowMinutes: 15, periods: ['peak', 'sharp'], ratchet: { percent: 80, months: 11 } },
          { pricePerKw: 4, windowMinutes: 60 },
        ],
        capacityPricePerKva: 21.0025,
        fixedMonthlyFee: 150,
      };
      const effectiveDate = await freeDate(w.stA);
      const r = await w.s.call('saveTariff', { stationId: w.stA, name: 'Two-part', effectiveDate, seasons: goodSeasons(), charges }, w.tokA);
      expect(r.code).toBe(0);
      expect((await w.s.call('queryTariffById', { tariffId: r.data.tariffId }, w.tokA)).data.charges).toEqual(charges);
      const listed = (await w.s.call('queryStationTariffs', { stationId: w.stA }, w.tokA)).data.pending.find((p) => p.tariffId === r.data.tariffId);
      expect(listed?.charges.capacityPricePerKva).toBe(21.0025);
      // editing the pending version without charges leaves it an energy-only tariff
      await w.s.call('saveTariff', { stationId: w.stA, tariffId: r.data.tariffId, name: 'Two-part', effectiveDate, seasons: goodSeasons() }, w.tokA);
      expect((await w.s.call('queryTariffById', { tariffId: r.data.tariffId }, w.tokA)).data.charges).toEqual({});
      await w.s.call('deleteTariff', { tariffId: r.data.tariffId }, w.tokA);
    });

    it('queryTariffById answers one tariff with its derived status', async () => {
      const list = await w.s.call('queryStationTariffs', { stationId: w.stA }, w.tokA);
      const r = await w.s.call('queryTariffById', { tariffId: list.data.active!.tariffId }, w.readOnly);
      expect(r.code).toBe(0);
      expect(r.data.status).toBe('active');
      expect(r.data.seasons.flatMap((x) => x.months).sort((a, b) => a - b)).toEqual(MONTHS);
    });

    it('deleteTariff removes a pending tariff (audited); the active one is read-only', async () => {
      const r = await w.s.call('saveTariff', { stationId: w.stA, name: 'To delete', effectiveDate: await freeDate(w.stA), seasons: goodSeasons() }, w.tokA);
      const id = r.data.tariffId;
      const del = await w.s.call('deleteTariff', { tariffId: id }, w.tokA);
      expect(del.code).toBe(0);
      expect(del.data).toBeNull();
      expectNotFound(await w.s.call('queryTariffById', { tariffId: id }, w.tokA));
      expect(await auditCount('deleteTariff', `tariff:${id}`)).toBe(1);
      const active = (await w.s.call('queryStationTariffs', { stationId: w.stA }, w.tokA)).data.active!;
      expectConflict(await w.s.call('deleteTariff', { tariffId: active.tariffId }, w.tokA), 'notPending');
      expectConflict(
        await w.s.call(
          'saveTariff',
          { stationId: w.stA, tariffId: active.tariffId, name: 'x', effectiveDate: await freeDate(w.stA), seasons: goodSeasons() },
          w.tokA,
        ),
        'notPending',
      );
    });

    it('saveTariff: a duplicate effective date of the station is a conflict; today is allowed', async () => {
      const d = await freeDate(w.stA);
      expect((await w.s.call('saveTariff', { stationId: w.stA, name: 'One', effectiveDate: d, seasons: goodSeasons() }, w.tokA)).code).toBe(0);
      expectConflict(await w.s.call('saveTariff', { stationId: w.stA, name: 'Two', effectiveDate: d, seasons: goodSeasons() }, w.tokA), 'duplicateDate');
      // the same date on another station is fine
      expect(
        (await w.s.call('saveTariff', { stationId: w.stA2, name: 'Two', effectiveDate: await freeDate(w.stA2), seasons: goodSeasons() }, w.tokA)).code,
      ).toBe(0);
    });

    it('queryTariffTemplateList lists the templates of the own provider (root: any, or one)', async () => {
      const r = await w.s.call('queryTariffTemplateList', { page: 1, length: 100 }, w.tokA);
      expect(r.code).toBe(0);
      expect(r.data.dataList.length).toBeGreaterThanOrEqual(3); // two seeded + 'A template'
      expect(r.data.dataList.every((t) => t.serviceProviderId === w.pA)).toBe(true);
      expect(r.data.dataList.map((t) => t.templateId)).toContain(w.templateA);
      expect(r.data.dataList.map((t) => t.templateId)).not.toContain(w.templateB);
      const root = await w.s.call('queryTariffTemplateList', { orgId: w.pB }, w.admin);
      expect(root.data.dataList.map((t) => t.templateId)).toContain(w.templateB);
      expect(root.data.dataList.every((t) => t.serviceProviderId === w.pB)).toBe(true);
      const all = await w.s.call('queryTariffTemplateList', { length: 1000 }, w.admin);
      expect(new Set(all.data.dataList.map((t) => t.serviceProviderId)).size).toBeGreaterThanOrEqual(3);
    });

    it('saveTariffTemplate creates in the own provider and edits; duplicate names conflict', async () => {
      const r = await w.s.call('saveTariffTemplate', { name: 'Night valley', seasons: goodSeasons() }, w.tokA);
      expect(r.code).toBe(0);
      const id = r.data.templateId;
      const edit = await w.s.call('saveTariffTemplate', { templateId: id, name: 'Night valley 2', seasons: goodSeasons(0.3) }, w.tokA);
      expect(edit.code).toBe(0);
      const list = await w.s.call('queryTariffTemplateList', { length: 100 }, w.tokA);
      expect(list.data.dataList.find((t) => t.templateId === id)).toMatchObject({ name: 'Night valley 2', serviceProviderId: w.pA });
      expectConflict(await w.s.call('saveTariffTemplate', { name: 'A template', seasons: goodSeasons() }, w.tokA), 'duplicateName');
      expect(await auditCount('saveTariffTemplate', `tariffTemplate:${id}`)).toBe(2);
      // the platform admin must name the provider; the same name in another provider is fine
      expectInvalid(await w.s.call('saveTariffTemplate', { name: 'Root', seasons: goodSeasons() }, w.admin), 'orgId', 'required');
      expect((await w.s.call('saveTariffTemplate', { orgId: w.pB, name: 'Night valley 2', seasons: goodSeasons() }, w.admin)).code).toBe(0);
    });

    it('deleteTariffTemplate deletes (audited)', async () => {
      const id = (await w.s.call('saveTariffTemplate', { name: 'Short-lived', seasons: goodSeasons() }, w.tokA)).data.templateId;
      const r = await w.s.call('deleteTariffTemplate', { templateId: id }, w.tokA);
      expect(r.code).toBe(0);
      expectNotFound(await w.s.call('deleteTariffTemplate', { templateId: id }, w.tokA));
      expect(await auditCount('deleteTariffTemplate', `tariffTemplate:${id}`)).toBe(1);
    });

    it('applyTariffTemplate creates a pending station tariff from a template of the same provider', async () => {
      const effectiveDate = await freeDate(w.stA);
      const r = await w.s.call('applyTariffTemplate', { templateId: w.templateA, stationId: w.stA, name: 'From template', effectiveDate }, w.tokA);
      expect(r.code).toBe(0);
      const t = await w.s.call('queryTariffById', { tariffId: r.data.tariffId }, w.tokA);
      expect(t.data).toMatchObject({ name: 'From template', effectiveDate, status: 'pending', stationId: w.stA });
      expect(t.data.seasons).toEqual(
        (await w.s.call('queryTariffTemplateList', { length: 100 }, w.tokA)).data.dataList.find((x) => x.templateId === w.templateA)!.seasons,
      );
      expect(await auditCount('applyTariffTemplate', `tariff:${r.data.tariffId}`)).toBe(1);
      // the platform admin cannot put provider B's template on provider A's station
      expectInvalid(
        await w.s.call('applyTariffTemplate', { templateId: w.templateB, stationId: w.stA, name: 'x', effectiveDate: await freeDate(w.stA) }, w.admin),
        'templateId',
        'providerMismatch',
      );
    });

    it('saveOilPrice creates and edits a pending fuel price; overlaps conflict; queryOilPriceList shows it', async () => {
      const from = await freeTime(w.stA2);
      const r = await w.s.call(
        'saveOilPrice',
        { stationId: w.stA2, startTime: iso(from + DAY), endTime: iso(from + 10 * DAY), pricePerLitre: 1.1, kwhPerLitre: 3.2 },
        w.tokA,
      );
      expect(r.code).toBe(0);
      const id = r.data.oilPriceId;
      const edit = await w.s.call(
        'saveOilPrice',
        { stationId: w.stA2, oilPriceId: id, startTime: iso(from + DAY), endTime: iso(from + 12 * DAY), pricePerLitre: 1.1234, kwhPerLitre: 3.25 },
        w.tokA,
      );
      expect(edit.code).toBe(0);
      expectConflict(
        await w.s.call(
          'saveOilPrice',
          { stationId: w.stA2, startTime: iso(from + 11 * DAY), endTime: iso(from + 20 * DAY), pricePerLitre: 1, kwhPerLitre: 3 },
          w.tokA,
        ),
        'overlap',
      );
      // adjacent (half-open periods) is fine
      expect(
        (
          await w.s.call(
            'saveOilPrice',
            { stationId: w.stA2, startTime: iso(from + 12 * DAY), endTime: iso(from + 20 * DAY), pricePerLitre: 1, kwhPerLitre: 3 },
            w.tokA,
          )
        ).code,
      ).toBe(0);
      const list = await w.s.call('queryOilPriceList', { stationId: w.stA2, status: 'pending', length: 100 }, w.tokA);
      expect(list.code).toBe(0);
      expect(list.data.dataList.find((o) => o.oilPriceId === id)).toEqual({
        oilPriceId: id,
        stationId: w.stA2,
        startTime: iso(from + DAY),
        endTime: iso(from + 12 * DAY),
        status: 'pending',
        pricePerLitre: 1.1234,
        kwhPerLitre: 3.25,
      });
      expect(list.data.dataList.every((o) => o.status === 'pending')).toBe(true);
      expect(await auditCount('saveOilPrice', `oilPrice:${id}`)).toBe(2);
    });

    it('queryOilPriceList: every status, newest first, paged', async () => {
      const all = await w.s.call('queryOilPriceList', { stationId: w.stB, length: 1000 }, w.admin);
      expect(all.code).toBe(0);
      expect(all.data.totalCount).toBe(all.data.dataList.length);
      const starts = all.data.dataList.map((o) => o.startTime);
      expect([...starts].sort().reverse()).toEqual(starts);
      const page = await w.s.call('queryOilPriceList', { stationId: w.stB, page: 1, length: 1 }, w.admin);
      expect(page.data.dataList.length).toBe(1);
      expect(page.data.totalCount).toBe(all.data.totalCount);
    });

    it('deleteOilPrice deletes a pending fuel price (audited)', async () => {
      const from = await freeTime(w.stA2);
      const id = (
        await w.s.call('saveOilPrice', { stationId: w.stA2, startTime: iso(from), endTime: iso(from + DAY), pricePerLitre: 1, kwhPerLitre: 3 }, w.tokA)
      ).data.oilPriceId;
      const r = await w.s.call('deleteOilPrice', { oilPriceId: id }, w.tokA);
      expect(r.code).toBe(0);
      expectNotFound(await w.s.call('deleteOilPrice', { oilPriceId: id }, w.tokA));
      expect(await auditCount('deleteOilPrice', `oilPrice:${id}`)).toBe(1);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('status as the clock moves (last: moves the clock)', () => {
    it('a pending tariff becomes active on its date in the station time zone; the old one becomes history', async () => {
      const before = (await w.s.call('queryStationTariffs', { stationId: w.stA }, w.tokA)).data;
      // drop the pending ones so the new tariff is the next to take effect
      for (const p of before.pending) expect((await w.s.call('deleteTariff', { tariffId: p.tariffId }, w.tokA)).code).toBe(0);
      const date = addDays(await todayOf(w.stA), 3);
      const id = (await w.s.call('saveTariff', { stationId: w.stA, name: 'Goes live', effectiveDate: date, seasons: goodSeasons() }, w.tokA)).data.tariffId;
      // to the last hour of the day before, station time
      while (dateIn(w.s.clock.now + 3600_000, w.tzA) < date) w.s.clock.now += 3600_000;
      expect(dateIn(w.s.clock.now, w.tzA)).toBe(addDays(date, -1));
      expect((await w.s.call('queryTariffById', { tariffId: id }, w.tokA)).data.status).toBe('pending');
      expect((await w.s.call('queryStationInfoById', { stationId: w.stA }, w.tokA)).data.tariffName).toBe(before.active!.name);
      // edits still possible, then midnight passes
      expect(
        (await w.s.call('saveTariff', { stationId: w.stA, tariffId: id, name: 'Goes live!', effectiveDate: date, seasons: goodSeasons() }, w.tokA)).code,
      ).toBe(0);
      w.s.clock.now += 3600_000;
      expect(dateIn(w.s.clock.now, w.tzA)).toBe(date);
      const now = (await w.s.call('queryStationTariffs', { stationId: w.stA }, w.tokA)).data;
      expect(now.active).toMatchObject({ tariffId: id, name: 'Goes live!', status: 'active' });
      expect(now.pending).toEqual([]);
      expect((await w.s.call('queryStationInfoById', { stationId: w.stA }, w.tokA)).data.tariffName).toBe('Goes live!');
      const hist = await w.s.call('queryTariffHistory', { stationId: w.stA, length: 100 }, w.tokA);
      expect(hist.data.dataList[0]!.tariffId).toBe(before.active!.tariffId);
      expect((await w.s.call('queryTariffById', { tariffId: before.active!.tariffId }, w.tokA)).data.status).toBe('history');
      // now read-only
      expectConflict(await w.s.call('deleteTariff', { tariffId: id }, w.tokA), 'notPending');
      expectConflict(
        await w.s.call('saveTariff', { stationId: w.stA, tariffId: id, name: 'late', effectiveDate: addDays(date, 5), seasons: goodSeasons() }, w.tokA),
        'notPending',
      );
    });

    it('a fuel price goes pending → active → expired; only a pending one may change', async () => {
      const from = await freeTime(w.stA);
      const start = from + 2 * DAY;
      const end = start + 3 * DAY;
      const id = (await w.s.call('saveOilPrice', { stationId: w.stA, startTime: iso(start), endTime: iso(end), pricePerLitre: 1.05, kwhPerLitre: 3.4 }, w.tokA))
        .data.oilPriceId;
      const statusNow = async () =>
        (await w.s.call('queryOilPriceList', { stationId: w.stA, length: 1000 }, w.tokA)).data.dataList.find((o) => o.oilPriceId === id)!.status;
      const filtered = async (status: 'pending' | 'active' | 'expired') =>
        (await w.s.call('queryOilPriceList', { stationId: w.stA, status, length: 1000 }, w.tokA)).data.dataList.map((o) => o.oilPriceId);
      expect(await statusNow()).toBe('pending');
      w.s.clock.now = start - 1000;
      expect(await statusNow()).toBe('pending');
      w.s.clock.now = start;
      expect(await statusNow()).toBe('active');
      expect(await filtered('active')).toContain(id);
      expect(await filtered('pending')).not.toContain(id);
      expectConflict(
        await w.s.call(
          'saveOilPrice',
          { stationId: w.stA, oilPriceId: id, startTime: iso(start + DAY), endTime: iso(end), pricePerLitre: 1, kwhPerLitre: 3 },
          w.tokA,
        ),
        'notPending',
      );
      expectConflict(await w.s.call('deleteOilPrice', { oilPriceId: id }, w.tokA), 'notPending');
      w.s.clock.now = end - 1;
      expect(await statusNow()).toBe('active');
      w.s.clock.now = end;
      expect(await statusNow()).toBe('expired');
      expect(await filtered('expired')).toContain(id);
      expectConflict(await w.s.call('deleteOilPrice', { oilPriceId: id }, w.tokA), 'notPending');
    });
  });
});
