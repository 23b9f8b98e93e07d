import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type Answer, type TestServer } from '../../test/harness';
import type { ResponseOf } from '../../../protocol/catalogue';
import { peakShavingParams } from '../../test/peak-shaving';
import { ISLAND_FIELDS, PEAK_FIELDS } from '../../../protocol/strategy-fields';

type Backend = Parameters<typeof startTestServer>[0];

// The world of the strategy suites: both providers' administrators, provider A accounts without
// any strategy key or with read keys only, stations of each kind, and a strategy, issuance and
// switch record of provider B for the cross-tenant probes.

interface Issue {
  path: string;
  issue: string;
  limit?: number;
}
export const issuesOf = (data: unknown): Issue[] => (data as { issues: Issue[] }).issues;

export interface StationRow {
  id: number;
  systemType: number;
  energyTypes: string[];
  essPowerKw: number;
  dgCapacityKw: number;
}

export const VIEW = 'operationModeManagement.operationModeManagement';
export const PEAK_KEYS = [...PEAK_FIELDS, 'supplyPriority', 'periods'] as const;
export const ISLAND_KEYS = ISLAND_FIELDS;

export const peakParams = peakShavingParams;
export const islandParams = (over: Record<string, unknown> = {}) => ({
  socUpper: 95,
  socLower: 20,
  optimalGeneratorPowerKw: 10,
  essChargingPowerLimitKw: 10,
  inverterPowerStepPct: 10,
  inverterShutdownThresholdPct: 5,
  dgBackflowLimitKw: 10,
  onGridChargingPowerKw: 0,
  onGridChargingCutoffSoc: 90,
  ...over,
});

type Params = Record<string, unknown>;

/** Saves a strategy of the station for the dates with these params (and any further fields). */
type SaveStrategy<A extends 'savePeakShavingStrategy' | 'saveIslandStrategy'> = (
  token: string,
  stationId: number,
  startDate: string,
  endDate: string,
  params: Params,
  extra?: Params,
) => Promise<Answer<ResponseOf<A>>>;

export interface StrategiesWorld {
  s: TestServer;
  root: string;
  a: string; // provider A administrator
  b: string; // provider B administrator
  nobody: string; // provider A account without any strategy permission
  viewer: string; // provider A account that may look but not edit
  pA: number;
  pB: number;
  ess: StationRow; // A, grid-tied with storage
  island: StationRow; // A, off-grid capable with generator
  onGrid: StationRow; // A, on-grid (no island operation)
  bEss: StationRow; // B, with storage
  bNoEss: StationRow; // B, without storage
  bStrategy: number;
  bDistribution: number;
  bSwitch: number;
  sunriseId: number;
  kw: () => number;
  stationsOf: (pid: number) => Promise<StationRow[]>;
  savePeak: SaveStrategy<'savePeakShavingStrategy'>;
  saveIsland: SaveStrategy<'saveIslandStrategy'>;
}

/** Starts a server on `backend` for the enclosing describe block; fields are set once beforeAll has run. */
export const strategiesWorld = (backend: Backend): StrategiesWorld => {
  const w = {} as StrategiesWorld;
  w.kw = () => Math.min(100, w.ess.essPowerKw);
  w.stationsOf = (pid) =>
    w.s.services.db.query<StationRow>(
      `SELECT id, system_type AS "systemType", energy_types AS "energyTypes", ess_power_kw AS "essPowerKw", dg_capacity_kw AS "dgCapacityKw"
       FROM stations WHERE provider_id=$1 ORDER BY id`,
      [pid],
    );
  w.savePeak = (token, stationId, startDate, endDate, params, extra = {}) =>
    w.s.call('savePeakShavingStrategy', { stationId, name: `PS ${startDate}`, startDate, endDate, params, ...extra }, token);
  w.saveIsland = (token, stationId, startDate, endDate, params, extra = {}) =>
    w.s.call('saveIslandStrategy', { stationId, name: `IS ${startDate}`, startDate, endDate, params, ...extra }, token);

  beforeAll(async () => {
    const s = (w.s = await startTestServer(backend));
    w.root = await s.login('admin', 'Admin@2026');
    w.a = await s.login('sunrise', 'Sunrise@2026');
    w.b = await s.login('pearlriver', 'Pearl@2026');
    const f = await s.fixtures();
    const [pA, pB] = f.providers as [number, number];
    Object.assign(w, { pA, pB });
    w.nobody = (await s.makeAccount({ orgId: pA, permissions: ['homepage.index'] })).token;
    w.viewer = (await s.makeAccount({ orgId: pA, permissions: [VIEW, 'operationModeManagement.switchRecord'] })).token;
    const inA = await w.stationsOf(pA);
    const inB = await w.stationsOf(pB);
    const ess = (w.ess = inA.find((x) => x.systemType === 1 && x.energyTypes.includes('ess'))!);
    w.island = inA.find((x) => x.systemType !== 1 && x.energyTypes.includes('dg') && x.energyTypes.includes('ess'))!;
    w.onGrid = inA.find((x) => x.systemType === 1 && x.id !== ess.id)!;
    const bEss = (w.bEss = inB.find((x) => x.energyTypes.includes('ess'))!);
    w.bNoEss = inB.find((x) => !x.energyTypes.includes('ess'))!;
    expect([w.ess, w.island, w.onGrid, w.bEss, w.bNoEss].every(Boolean)).toBe(true);
    const db = s.services.db;
    w.bStrategy = (await db.query<{ id: number }>('SELECT id FROM strategies WHERE station_id=$1 ORDER BY id LIMIT 1', [bEss.id]))[0]!.id;
    w.bDistribution = (
      await db.query<{ id: number }>(
        `INSERT INTO strategy_distributions(strategy_id, station_id, snapshot, status, issued_at) VALUES ($1,$2,'{}',1,now()) RETURNING id`,
        [w.bStrategy, bEss.id],
      )
    )[0]!.id;
    w.bSwitch = (
      await db.query<{ id: number }>(`INSERT INTO switch_records(station_id, at, operation, status) VALUES ($1, now(), 'enablePeakShaving', 1) RETURNING id`, [
        bEss.id,
      ])
    )[0]!.id;
    w.sunriseId = (await db.query<{ id: number }>("SELECT id FROM accounts WHERE account='sunrise'"))[0]!.id;
  });
  afterAll(() => w.s.close());
  return w;
};
