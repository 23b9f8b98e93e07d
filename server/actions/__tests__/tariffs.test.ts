import { beforeAll, describe, expect, it } from 'vitest';
import { backends, type TestServer } from '../../test/harness';
import { addDays, dateIn, DAY, expectConflict, expectInvalid, expectNotFound, goodSeasons, MONTHS, tariffsWorld } from './tariffs-fixture';

// Tariffs, tariff templates and fuel prices: what the actions do with an accepted request, and
// how a tariff's and a fuel price's status follow the clock (last: moves the clock). What they
// refuse is in tariff-checks.test.ts.

describe.each(backends())('tariffs, templates and fuel prices (%s)', (backend) => {
  const w = tariffsWorld(backend);
  const { todayOf, iso, auditCount, freeDate, freeTime } = w;
  let s: TestServer;
  let admin: string;
  let tokA: string;
  let readOnly: string;
  let pA: number;
  let pB: number;
  let stA: number;
  let stA2: number;
  let stB: number;
  let tzA: string;
  let templateB: number;
  let templateA: number;
  // the world's fields under the names the cases use
  beforeAll(() => ({ s, admin, tokA, readOnly, pA, pB, stA, stA2, stB, tzA, templateB, templateA } = w));

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
