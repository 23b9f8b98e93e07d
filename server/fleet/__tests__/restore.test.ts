import { afterAll, describe, expect, it } from 'vitest';
import { POINTS, type FleetDeviceType } from '../../../protocol/fleet';
import { buildApp, type App } from '../../app';
import { createDb, type Db } from '../../db/db';
import { backends } from '../../test/harness';
import { loadFleetConfig } from '../config';
import type { FleetRuntime } from '../runtime';
import { StationModel } from '../station';
import { seedConfigs } from './fixtures';

const at = (type: FleetDeviceType, point: string) => POINTS[type].findIndex((p) => p.name === point);
const T0 = Date.UTC(2026, 6, 15, 4, 0); // noon in China, morning in Nairobi

describe('model restore', () => {
  it('a new model given the last frame values continues where the old one stood', () => {
    const cfg = seedConfigs(new Date(T0), 4).find((c) => c.devices.some((d) => d.type === 'generator'))!;
    const a = new StationModel(structuredClone(cfg));
    let last = a.step(T0 + 60_000, 60);
    for (let t = T0 + 120_000; t <= T0 + 86_400_000; t += 60_000) last = a.step(t, 60);
    const latest = new Map(last.devices.map((d) => [d.id, d.v]));
    const b = new StationModel(structuredClone(cfg));
    // every device with state: not the gateway (it restarts too) nor the weather station
    expect(b.restore(latest)).toBe(last.devices.filter((d) => d.type !== 'gateway' && d.type !== 'weather_station').length);
    expect(b.clusterSocs()).toEqual(a.clusterSocs());
    expect(b.clusterSohs()).toEqual(a.clusterSohs());
    expect(new StationModel(structuredClone(cfg)).clusterSocs()).not.toEqual(a.clusterSocs());
    const next = new Map(b.step(T0 + 86_460_000, 60).devices.map((d) => [d.id, d]));
    for (const d of last.devices) {
      for (const [k, def] of POINTS[d.type].entries()) {
        if (!def.counter || d.type === 'gateway') continue;
        const before = d.v[k]!;
        const after = next.get(d.id)!.v[k]!;
        expect(after, `${d.type} ${def.name}`).toBeGreaterThanOrEqual(before);
        expect(after - before, `${d.type} ${def.name}`).toBeLessThan(Math.max(1, before * 0.01));
      }
    }
  });
});

describe.each(backends())('simulator restart on the same database (%s)', (backend) => {
  let db: Db | undefined;
  afterAll(() => db?.close());

  it('continues SOC, SOH, generator hours and energy counters instead of starting from the seed', async () => {
    db = await createDb({ url: backend === 'postgres' ? process.env.DATABASE_URL : undefined, isolate: backend === 'postgres' });
    const clock = { now: T0 };
    const start = async (): Promise<App & { fleet: FleetRuntime }> => {
      const app = await buildApp({
        db,
        logger: false,
        clock: () => clock.now,
        seedStations: 4,
        config: {
          simulator: true,
          simStations: 4,
          simIntervalMs: 3_600_000,
          backfillDays: 1,
          backfillMinuteHours: 1,
          backfillDeviceHours: 1,
          mqttUrl: undefined,
          staticDir: '.tmp/no-static',
          seed: true,
        },
      });
      const fleet = app.services.fleet!;
      await fleet.ready;
      for (let i = 0; i < 400 && [...fleet.gateways.values()].some((g) => !g.client.connected); i++) await new Promise((r) => setTimeout(r, 10));
      fleet.tickNow(); // the first cycle of a fresh gateway only sets its clock
      return { ...app, fleet };
    };
    const cycle = async (fleet: FleetRuntime) => {
      clock.now += 5000;
      fleet.tickNow();
      for (let i = 0; i < 400 && [...fleet.gateways.keys()].some((id) => (fleet.store.stations.get(id)?.lastTs ?? 0) < clock.now); i++)
        await new Promise((r) => setTimeout(r, 5));
    };
    const snapshot = (fleet: FleetRuntime) => new Map([...fleet.store.latest.entries()].filter(([id]) => id > 0).map(([id, l]) => [id, l.v.slice()]));

    const first = await start();
    const configs = (await loadFleetConfig(db)).slice(0, 4);
    const devices = configs.flatMap((c) => c.devices);
    const typeOf = new Map(devices.map((d) => [d.id, d.type]));
    await cycle(first.fleet);
    await cycle(first.fleet);
    const before = snapshot(first.fleet);
    await first.app.close();

    // the cluster that moved furthest from its seeded SOC during the first run's day
    const seeded = new Map(
      configs.flatMap((c) => {
        const ids = c.devices.filter((d) => d.type === 'battery_cluster').map((d) => d.id);
        const socs = new StationModel(structuredClone(c)).clusterSocs();
        return ids.map((id, k) => [id, socs[k]!] as const);
      }),
    );
    const soc = at('battery_cluster', 'soc');
    const soh = at('battery_cluster', 'soh');
    const [cluster] = [...seeded.keys()].sort((x, y) => Math.abs(before.get(y)![soc]! - seeded.get(y)!) - Math.abs(before.get(x)![soc]! - seeded.get(x)!));
    expect(Math.abs(before.get(cluster!)![soc]! - seeded.get(cluster!)!)).toBeGreaterThan(1);

    const expectContinued = (after: Map<number, (number | null)[]>, maxGain: number) => {
      for (const [id, v] of before) {
        const type = typeOf.get(id)!;
        const now = after.get(id)!;
        if (type === 'battery_cluster') {
          expect(Math.abs(now[soh]! - v[soh]!), `SOH of ${id}`).toBeLessThan(0.01);
          if (id === cluster) expect(Math.abs(now[soc]! - v[soc]!), `SOC of ${id}`).toBeLessThan(maxGain > 10 ? 30 : 0.5);
        }
        for (const [k, def] of POINTS[type].entries()) {
          if (!def.counter || type === 'gateway') continue;
          expect(now[k]!, `${type} ${id} ${def.name}`).toBeGreaterThanOrEqual(v[k]! - 1e-3 * Math.max(1, v[k]!));
          expect(now[k]! - v[k]!, `${type} ${id} ${def.name}`).toBeLessThanOrEqual(maxGain * Math.max(1, v[k]!));
        }
      }
    };

    // back 5 minutes later: no gap to fill, the models take the values reported last
    clock.now += 5 * 60_000;
    const second = await start();
    await cycle(second.fleet);
    const afterShort = snapshot(second.fleet);
    expectContinued(afterShort, 0.01);
    const meter = devices.find((d) => d.type === 'meter')!.id;
    expect(before.get(meter)![at('meter', 'importKwh')]).toBeGreaterThan(100); // a day of imports, not a fresh counter
    await cycle(second.fleet);
    await second.app.close();

    // back 3 hours later: the gap is generated from the restored state, counters keep growing
    clock.now += 3 * 3_600_000;
    const third = await start();
    await cycle(third.fleet);
    expectContinued(snapshot(third.fleet), 0.5);
    await third.app.close();
  }, 120_000);
});
