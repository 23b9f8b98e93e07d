import { describe, expect, it } from 'vitest';
import { backends, startTestServer } from '../../test/harness';
import { serverWorld } from '../../test/world';
import { ErrorCode } from '../../../protocol/errors';

describe.each(backends())('station registry actions (%s)', (backend) => {
  const w = serverWorld(
    () => startTestServer(backend),
    async (s) => {
      const f = await s.fixtures();
      const [A, B] = f.providers as [number, number];
      return {
        root: await s.login('admin', 'Admin@2026'),
        A,
        B,
        stationA: f.stationOf.get(A)![0]!,
        stationB: f.stationOf.get(B)![0]!,
        /** an admin of provider A */
        provA: (
          await s.makeAccount({
            orgId: A,
            permissions: ['monitorStation.list', 'monitor.customers', 'monitorStation.detail', 'dquipmentMonitoring.dquipmentMonitoring', 'station.edit'],
          })
        ).token,
        noPerms: (await s.makeAccount({ orgId: A, permissions: ['alarm.alarmList'] })).token,
      };
    },
  );

  describe('queryStationInfoList', () => {
    it('lists every station to the platform, only its own to a provider', async () => {
      const all = await w.s.call('queryStationInfoList', { length: 1000 }, w.root);
      expect(all.code).toBe(0);
      expect(all.data.totalCount).toBe(w.s.services.registry.stations.size);
      const mine = await w.s.call('queryStationInfoList', { length: 1000 }, w.provA);
      expect(mine.data.dataList.length).toBeGreaterThan(0);
      expect(mine.data.dataList.every((x) => x.serviceProviderId === w.A)).toBe(true);
    });
    it('filters, searches and sorts', async () => {
      const byName = await w.s.call('queryStationInfoList', { length: 1000, sortBy: 'pvCapacityKw', sortDir: 'desc' }, w.root);
      const caps = byName.data.dataList.map((x) => x.pvCapacityKw);
      expect(caps).toEqual([...caps].sort((a, b) => b - a));
      const offGrid = await w.s.call('queryStationInfoList', { systemType: 2, length: 1000 }, w.root);
      expect(offGrid.data.dataList.every((x) => x.systemType === 2)).toBe(true);
      const first = byName.data.dataList[0]!;
      const kw = await w.s.call('queryStationInfoList', { keyword: first.stationName.slice(0, 4), length: 1000 }, w.root);
      expect(kw.data.dataList.map((x) => x.stationId)).toContain(first.stationId);
      const none = await w.s.call('queryStationInfoList', { keyword: 'no-such-station-zzz' }, w.root);
      expect(none.data).toEqual({ totalCount: 0, dataList: [] });
    });
    it('refuses an account without the permission', async () => {
      expect((await w.s.call('queryStationInfoList', {}, w.noPerms)).code).toBe(ErrorCode.forbidden);
    });
    it('answers notFound for another provider', async () => {
      const r = await w.s.call('queryStationInfoList', { orgId: w.B }, w.provA);
      expect(r.code).toBe(ErrorCode.notFound);
      expect(r.data).toBeNull();
    });
    it('rejects an invalid payload', async () => {
      const r = await w.s.call('queryStationInfoList', { page: 0, sortBy: 'password' }, w.root);
      expect(r.code).toBe(ErrorCode.validationFailed);
    });
  });

  describe('queryStationInfoById', () => {
    it('answers stationName, device counts and the tariff in force', async () => {
      const r = await w.s.call('queryStationInfoById', { stationId: w.stationA }, w.provA);
      expect(r.code).toBe(0);
      expect(r.data.stationName).toBe(w.s.services.registry.stations.get(w.stationA)!.name);
      expect(r.data.deviceCounts.gateway).toBe(1);
      expect(r.data.tariffName).toBeTruthy();
    });
    it('needs a session', async () => {
      expect((await w.s.call('queryStationInfoById', { stationId: w.stationA })).status).toBe(401);
    });
    it('answers notFound, with no data, for a station of another provider', async () => {
      const r = await w.s.call('queryStationInfoById', { stationId: w.stationB }, w.provA);
      expect(r.code).toBe(ErrorCode.notFound);
      expect(r.data).toBeNull();
      const missing = await w.s.call('queryStationInfoById', { stationId: 999_999 }, w.provA);
      expect({ ...missing, headers: null }).toEqual({ ...r, headers: null });
    });
    it('rejects a non-numeric id', async () => {
      const r = await w.s.call('queryStationInfoById', { stationId: 'abc' as unknown as number }, w.provA);
      expect(r.code).toBe(ErrorCode.validationFailed);
    });
    it('limits a stations-scoped operator to its stations', async () => {
      const op = await w.s.login('operator', 'Operator@2026');
      const list = await w.s.call('queryStationInfoList', { length: 1000 }, op);
      const ids = list.data.dataList.map((x) => x.stationId);
      expect(ids.length).toBe(3);
      const other = w.s.services.registry.stationsByProvider.get(list.data.dataList[0]!.serviceProviderId)!.find((id) => !ids.includes(id))!;
      expect((await w.s.call('queryStationInfoById', { stationId: other }, op)).code).toBe(ErrorCode.notFound);
    });
  });

  describe('devices', () => {
    it("lists a station's devices and reads one", async () => {
      const list = await w.s.call('queryDeviceList', { stationId: w.stationA }, w.provA);
      expect(list.code).toBe(0);
      expect(list.data.dataList.some((d) => d.type === 'gateway')).toBe(true);
      const d = list.data.dataList[0]!;
      const one = await w.s.call('queryDeviceInfoById', { deviceId: d.deviceId }, w.provA);
      expect(one.data.serialNo).toBe(d.serialNo);
    });
    it('refuses without permission', async () => {
      expect((await w.s.call('queryDeviceList', { stationId: w.stationA }, w.noPerms)).code).toBe(ErrorCode.forbidden);
      expect((await w.s.call('queryDeviceInfoById', { deviceId: 1 }, w.noPerms)).code).toBe(ErrorCode.forbidden);
    });
    it('answers notFound across tenants', async () => {
      const bList = await w.s.call('queryDeviceList', { stationId: w.stationB }, w.root);
      const bDevice = bList.data.dataList[0]!.deviceId;
      for (const r of [
        await w.s.call('queryDeviceList', { stationId: w.stationB }, w.provA),
        await w.s.call('queryDeviceInfoById', { deviceId: bDevice }, w.provA),
      ]) {
        expect(r.code).toBe(ErrorCode.notFound);
        expect(r.data).toBeNull();
      }
    });
    it('rejects an unknown device type', async () => {
      expect((await w.s.call('queryDeviceList', { stationId: w.stationA, type: 'toaster' as never }, w.provA)).code).toBe(ErrorCode.validationFailed);
      expect((await w.s.call('queryDeviceInfoById', { deviceId: -1 }, w.provA)).code).toBe(ErrorCode.validationFailed);
    });
  });

  describe('service providers and customers', () => {
    it('sums capacities per provider', async () => {
      const r = await w.s.call('queryServiceProviderInfoById', { orgId: w.A }, w.provA);
      expect(r.code).toBe(0);
      const stations = (await w.s.call('queryStationInfoList', { orgId: w.A, length: 1000 }, w.root)).data.dataList;
      expect(r.data.siteQuantity).toBe(stations.length);
      expect(r.data.pvCapacityKw).toBeCloseTo(
        stations.reduce((a, x) => a + x.pvCapacityKw, 0),
        3,
      );
      const list = await w.s.call('queryServiceProviderList', { sortBy: 'siteQuantity', sortDir: 'desc' }, w.root);
      expect(list.data.totalCount).toBe(w.s.services.registry.providerIds.length);
      const q = list.data.dataList.map((p) => p.siteQuantity);
      expect(q).toEqual([...q].sort((a, b) => b - a));
      const customers = await w.s.call('queryCustomerList', { orgId: w.A }, w.provA);
      expect(customers.data.dataList.length).toBeGreaterThan(0);
    });
    it('refuses without permission', async () => {
      expect((await w.s.call('queryServiceProviderInfoById', { orgId: w.A }, w.noPerms)).code).toBe(ErrorCode.forbidden);
      expect((await w.s.call('queryServiceProviderList', {}, w.noPerms)).code).toBe(ErrorCode.forbidden);
      expect((await w.s.call('queryCustomerList', {}, w.noPerms)).code).toBe(ErrorCode.forbidden);
    });
    it('answers notFound for another provider and lists only its own', async () => {
      const r = await w.s.call('queryServiceProviderInfoById', { orgId: w.B }, w.provA);
      expect(r.code).toBe(ErrorCode.notFound);
      expect(r.data).toBeNull();
      expect((await w.s.call('queryCustomerList', { orgId: w.B }, w.provA)).code).toBe(ErrorCode.notFound);
      const own = await w.s.call('queryServiceProviderList', {}, w.provA);
      expect(own.data.dataList.map((p) => p.orgId)).toEqual([w.A]);
    });
    it('rejects invalid payloads', async () => {
      expect((await w.s.call('queryServiceProviderInfoById', {} as never, w.provA)).code).toBe(ErrorCode.validationFailed);
      expect((await w.s.call('queryServiceProviderList', { length: 5000 }, w.root)).code).toBe(ErrorCode.validationFailed);
      expect((await w.s.call('queryCustomerList', { orgId: 0 }, w.root)).code).toBe(ErrorCode.validationFailed);
    });
  });

  describe('updateStation', () => {
    it('renames a station and the registry follows', async () => {
      const r = await w.s.call('updateStation', { stationId: w.stationA, stationName: 'Renamed 储能站' }, w.provA);
      expect(r.code).toBe(0);
      expect((await w.s.call('queryStationInfoById', { stationId: w.stationA }, w.provA)).data.stationName).toBe('Renamed 储能站');
      expect(w.s.services.registry.stations.get(w.stationA)!.name).toBe('Renamed 储能站');
    });
    it('keeps the contracted capacity in kVA, clears it with 0, refuses a bad one at its field', async () => {
      const read = async () => (await w.s.call('queryStationInfoById', { stationId: w.stationA }, w.provA)).data.capacityKva;
      expect((await w.s.call('updateStation', { stationId: w.stationA, capacityKva: 1250.5 }, w.provA)).code).toBe(0);
      expect(await read()).toBe(1250.5);
      for (const capacityKva of [-3, 12.345]) {
        const r = await w.s.call('updateStation', { stationId: w.stationA, capacityKva }, w.provA);
        expect(r.code).toBe(ErrorCode.validationFailed);
        expect((r.data as unknown as { issues: { path: string; issue: string }[] }).issues).toContainEqual(
          expect.objectContaining({ path: 'capacityKva', issue: 'capacityFormat' }),
        );
      }
      expect(await read()).toBe(1250.5);
      expect((await w.s.call('updateStation', { stationId: w.stationA, capacityKva: 0 }, w.provA)).code).toBe(0);
      expect(await read()).toBeNull();
    });
    it('refuses the read-only operator', async () => {
      const op = await w.s.login('operator', 'Operator@2026');
      const [mine] = (await w.s.call('queryStationInfoList', {}, op)).data.dataList;
      expect((await w.s.call('updateStation', { stationId: mine!.stationId, stationName: 'x' }, op)).code).toBe(ErrorCode.forbidden);
    });
    it('answers notFound across tenants and changes nothing', async () => {
      const before = (await w.s.call('queryStationInfoById', { stationId: w.stationB }, w.root)).data.stationName;
      const r = await w.s.call('updateStation', { stationId: w.stationB, stationName: 'hijacked' }, w.provA);
      expect(r.code).toBe(ErrorCode.notFound);
      expect((await w.s.call('queryStationInfoById', { stationId: w.stationB }, w.root)).data.stationName).toBe(before);
    });
    it('rejects an empty name', async () => {
      const r = await w.s.call('updateStation', { stationId: w.stationA, stationName: '   ' }, w.provA);
      expect(r.code).toBe(ErrorCode.validationFailed);
    });
  });
});
