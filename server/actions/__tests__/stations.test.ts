import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../../test/harness';
import { ErrorCode } from '../../../protocol/errors';

describe.each(backends())('station registry actions (%s)', (backend) => {
  let s: TestServer;
  let root: string;
  let provA: string; // an admin of provider A
  let A: number;
  let B: number;
  let stationA: number;
  let stationB: number;
  let noPerms: string;

  beforeAll(async () => {
    s = await startTestServer(backend);
    root = await s.login('admin', 'Admin@2026');
    const f = await s.fixtures();
    [A, B] = f.providers as [number, number];
    stationA = f.stationOf.get(A)![0]!;
    stationB = f.stationOf.get(B)![0]!;
    provA = (await s.makeAccount({ orgId: A, permissions: ['monitorStation.list', 'monitor.customers', 'monitorStation.detail', 'dquipmentMonitoring.dquipmentMonitoring', 'station.edit'] })).token;
    noPerms = (await s.makeAccount({ orgId: A, permissions: ['alarm.alarmList'] })).token;
  });
  afterAll(() => s.close());

  describe('queryStationInfoList', () => {
    it('lists every station to the platform, only its own to a provider', async () => {
      const all = await s.call('queryStationInfoList', { length: 1000 }, root);
      expect(all.code).toBe(0);
      expect(all.data.totalCount).toBe(s.services.registry.stations.size);
      const mine = await s.call('queryStationInfoList', { length: 1000 }, provA);
      expect(mine.data.dataList.length).toBeGreaterThan(0);
      expect(mine.data.dataList.every((x) => x.serviceProviderId === A)).toBe(true);
    });
    it('filters, searches and sorts', async () => {
      const byName = await s.call('queryStationInfoList', { length: 1000, sortBy: 'pvCapacityKw', sortDir: 'desc' }, root);
      const caps = byName.data.dataList.map((x) => x.pvCapacityKw);
      expect(caps).toEqual([...caps].sort((a, b) => b - a));
      const offGrid = await s.call('queryStationInfoList', { systemType: 2, length: 1000 }, root);
      expect(offGrid.data.dataList.every((x) => x.systemType === 2)).toBe(true);
      const first = byName.data.dataList[0]!;
      const kw = await s.call('queryStationInfoList', { keyword: first.stationName.slice(0, 4), length: 1000 }, root);
      expect(kw.data.dataList.map((x) => x.stationId)).toContain(first.stationId);
      const none = await s.call('queryStationInfoList', { keyword: 'no-such-station-zzz' }, root);
      expect(none.data).toEqual({ totalCount: 0, dataList: [] });
    });
    it('refuses an account without the permission', async () => {
      expect((await s.call('queryStationInfoList', {}, noPerms)).code).toBe(ErrorCode.forbidden);
    });
    it('answers notFound for another provider', async () => {
      const r = await s.call('queryStationInfoList', { orgId: B }, provA);
      expect(r.code).toBe(ErrorCode.notFound);
      expect(r.data).toBeNull();
    });
    it('rejects an invalid payload', async () => {
      const r = await s.call('queryStationInfoList', { page: 0, sortBy: 'password' }, root);
      expect(r.code).toBe(ErrorCode.validationFailed);
    });
  });

  describe('queryStationInfoById', () => {
    it('answers stationName, device counts and the tariff in force', async () => {
      const r = await s.call('queryStationInfoById', { stationId: stationA }, provA);
      expect(r.code).toBe(0);
      expect(r.data.stationName).toBe(s.services.registry.stations.get(stationA)!.name);
      expect(r.data.deviceCounts.gateway).toBe(1);
      expect(r.data.tariffName).toBeTruthy();
    });
    it('needs a session', async () => {
      expect((await s.call('queryStationInfoById', { stationId: stationA })).status).toBe(401);
    });
    it('answers notFound, with no data, for a station of another provider', async () => {
      const r = await s.call('queryStationInfoById', { stationId: stationB }, provA);
      expect(r.code).toBe(ErrorCode.notFound);
      expect(r.data).toBeNull();
      const missing = await s.call('queryStationInfoById', { stationId: 999_999 }, provA);
      expect({ ...missing, headers: null }).toEqual({ ...r, headers: null });
    });
    it('rejects a non-numeric id', async () => {
      const r = await s.call('queryStationInfoById', { stationId: 'abc' as unknown as number }, provA);
      expect(r.code).toBe(ErrorCode.validationFailed);
    });
    it('limits a stations-scoped operator to its stations', async () => {
      const op = await s.login('operator', 'Operator@2026');
      const list = await s.call('queryStationInfoList', { length: 1000 }, op);
      const ids = list.data.dataList.map((x) => x.stationId);
      expect(ids.length).toBe(3);
      const other = s.services.registry.stationsByProvider.get(list.data.dataList[0]!.serviceProviderId)!.find((id) => !ids.includes(id))!;
      expect((await s.call('queryStationInfoById', { stationId: other }, op)).code).toBe(ErrorCode.notFound);
    });
  });

  describe('devices', () => {
    it('lists a station\'s devices and reads one', async () => {
      const list = await s.call('queryDeviceList', { stationId: stationA }, provA);
      expect(list.code).toBe(0);
      expect(list.data.dataList.some((d) => d.type === 'gateway')).toBe(true);
      const d = list.data.dataList[0]!;
      const one = await s.call('queryDeviceInfoById', { deviceId: d.deviceId }, provA);
      expect(one.data.serialNo).toBe(d.serialNo);
    });
    it('refuses without permission', async () => {
      expect((await s.call('queryDeviceList', { stationId: stationA }, noPerms)).code).toBe(ErrorCode.forbidden);
      expect((await s.call('queryDeviceInfoById', { deviceId: 1 }, noPerms)).code).toBe(ErrorCode.forbidden);
    });
    it('answers notFound across tenants', async () => {
      const bList = await s.call('queryDeviceList', { stationId: stationB }, root);
      const bDevice = bList.data.dataList[0]!.deviceId;
      for (const r of [await s.call('queryDeviceList', { stationId: stationB }, provA), await s.call('queryDeviceInfoById', { deviceId: bDevice }, provA)]) {
        expect(r.code).toBe(ErrorCode.notFound);
        expect(r.data).toBeNull();
      }
    });
    it('rejects an unknown device type', async () => {
      expect((await s.call('queryDeviceList', { stationId: stationA, type: 'toaster' as never }, provA)).code).toBe(ErrorCode.validationFailed);
      expect((await s.call('queryDeviceInfoById', { deviceId: -1 }, provA)).code).toBe(ErrorCode.validationFailed);
    });
  });

  describe('service providers and customers', () => {
    it('sums capacities per provider', async () => {
      const r = await s.call('queryServiceProviderInfoById', { orgId: A }, provA);
      expect(r.code).toBe(0);
      const stations = (await s.call('queryStationInfoList', { orgId: A, length: 1000 }, root)).data.dataList;
      expect(r.data.siteQuantity).toBe(stations.length);
      expect(r.data.pvCapacityKw).toBeCloseTo(stations.reduce((a, x) => a + x.pvCapacityKw, 0), 3);
      const list = await s.call('queryServiceProviderList', { sortBy: 'siteQuantity', sortDir: 'desc' }, root);
      expect(list.data.totalCount).toBe(s.services.registry.providerIds.length);
      const q = list.data.dataList.map((p) => p.siteQuantity);
      expect(q).toEqual([...q].sort((a, b) => b - a));
      const customers = await s.call('queryCustomerList', { orgId: A }, provA);
      expect(customers.data.dataList.length).toBeGreaterThan(0);
    });
    it('refuses without permission', async () => {
      expect((await s.call('queryServiceProviderInfoById', { orgId: A }, noPerms)).code).toBe(ErrorCode.forbidden);
      expect((await s.call('queryServiceProviderList', {}, noPerms)).code).toBe(ErrorCode.forbidden);
      expect((await s.call('queryCustomerList', {}, noPerms)).code).toBe(ErrorCode.forbidden);
    });
    it('answers notFound for another provider and lists only its own', async () => {
      const r = await s.call('queryServiceProviderInfoById', { orgId: B }, provA);
      expect(r.code).toBe(ErrorCode.notFound);
      expect(r.data).toBeNull();
      expect((await s.call('queryCustomerList', { orgId: B }, provA)).code).toBe(ErrorCode.notFound);
      const own = await s.call('queryServiceProviderList', {}, provA);
      expect(own.data.dataList.map((p) => p.orgId)).toEqual([A]);
    });
    it('rejects invalid payloads', async () => {
      expect((await s.call('queryServiceProviderInfoById', {} as never, provA)).code).toBe(ErrorCode.validationFailed);
      expect((await s.call('queryServiceProviderList', { length: 5000 }, root)).code).toBe(ErrorCode.validationFailed);
      expect((await s.call('queryCustomerList', { orgId: 0 }, root)).code).toBe(ErrorCode.validationFailed);
    });
  });

  describe('updateStation', () => {
    it('renames a station and the registry follows', async () => {
      const r = await s.call('updateStation', { stationId: stationA, stationName: 'Renamed 储能站' }, provA);
      expect(r.code).toBe(0);
      expect((await s.call('queryStationInfoById', { stationId: stationA }, provA)).data.stationName).toBe('Renamed 储能站');
      expect(s.services.registry.stations.get(stationA)!.name).toBe('Renamed 储能站');
    });
    it('refuses the read-only operator', async () => {
      const op = await s.login('operator', 'Operator@2026');
      const [mine] = (await s.call('queryStationInfoList', {}, op)).data.dataList;
      expect((await s.call('updateStation', { stationId: mine!.stationId, stationName: 'x' }, op)).code).toBe(ErrorCode.forbidden);
    });
    it('answers notFound across tenants and changes nothing', async () => {
      const before = (await s.call('queryStationInfoById', { stationId: stationB }, root)).data.stationName;
      const r = await s.call('updateStation', { stationId: stationB, stationName: 'hijacked' }, provA);
      expect(r.code).toBe(ErrorCode.notFound);
      expect((await s.call('queryStationInfoById', { stationId: stationB }, root)).data.stationName).toBe(before);
    });
    it('rejects an empty name', async () => {
      const r = await s.call('updateStation', { stationId: stationA, stationName: '   ' }, provA);
      expect(r.code).toBe(ErrorCode.validationFailed);
    });
  });
});
