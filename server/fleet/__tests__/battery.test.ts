import { describe, expect, it } from 'vitest';
import { POINTS } from '../../../protocol/fleet';
import { BatteryCluster, ocv } from '../battery';
import { StationModel } from '../station';
import { seedConfigs } from './fixtures';

const NOW = new Date('2026-07-14T00:00:00Z');
const configs = seedConfigs(NOW, 60);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const idx = (name: string) => POINTS.battery_cluster.findIndex((p) => p.name === name);
const quiet = () => 0;

/** A 215 kWh cluster rated 100 kW, SOH 100 % and 25 °C (no seeded spread). */
const cluster = (soh = 100, soc = 50): BatteryCluster => {
  const c = new BatteryCluster({ id: 1, type: 'battery_cluster', ratedKw: 100, capKwh: 215, params: { initialSoh: soh } }, 1, () => 0.5, soc);
  c.tempC = 25;
  return c;
};

/** Full cycles between 10 and 90 % at the given C-rate; answers the hours it took. */
const cycle = (c: BatteryCluster, efc: number, kw = 100, hold = true): number => {
  let hours = 0;
  let dir = 1;
  const dt = 600;
  while (c.efc < efc) {
    c.integrate((dir * kw * dt) / 3600, dt);
    if (hold) c.tempC = 25;
    hours += dt / 3600;
    if (c.soc >= 90) dir = -1;
    if (c.soc <= 10) dir = 1;
  }
  return hours;
};

describe('battery state of health', () => {
  it('starts every cluster of the fleet from its own seeded SOH between 92 and 99 %', () => {
    const sohs = configs.flatMap((cfg) => new StationModel(structuredClone(cfg)).clusterSohs());
    expect(sohs.length).toBeGreaterThan(100);
    for (const s of sohs) {
      expect(s).toBeGreaterThanOrEqual(92);
      expect(s).toBeLessThan(99);
    }
    expect(new Set(sohs.map((s) => s.toFixed(3))).size).toBeGreaterThan(sohs.length * 0.9);
    // and the same cluster gets the same SOH on every start
    expect(new StationModel(structuredClone(configs[0]!)).clusterSohs()).toEqual(new StationModel(structuredClone(configs[0]!)).clusterSohs());
  });

  it('loses about 3 % per 1,000 equivalent full cycles, plus calendar fade over the time they take', () => {
    const c = cluster(100);
    const hours = cycle(c, 1000, 100);
    const standing = cluster(100);
    standing.integrate(0, hours * 3600);
    const calendar = 100 - standing.soh;
    const total = 100 - c.soh;
    expect(total - calendar).toBeGreaterThan(2.6);
    expect(total - calendar).toBeLessThan(3.4);
    // 1,000 cycles at 0.47 C take about 0.5 year
    expect(hours / 8766).toBeGreaterThan(0.4);
    expect(calendar).toBeGreaterThan(0.3);
    expect(calendar).toBeLessThan(1.2);
  });

  it('ages by calendar about 1.5 % a year at 25 °C and twice as fast at 35 °C, faster full than empty', () => {
    const at = (tempC: number, soc: number) => {
      const c = cluster(100, soc);
      for (let d = 0; d < 365; d++) {
        c.tempC = tempC;
        c.integrate(0, 86_400);
      }
      return 100 - c.soh;
    };
    expect(at(25, 50)).toBeCloseTo(1.5, 1);
    expect(at(35, 50) / at(25, 50)).toBeCloseTo(2, 1);
    expect(at(25, 95)).toBeGreaterThan(at(25, 20) * 1.5);
  });

  it('shrinks usable capacity with SOH: the same energy moves SOC further on an aged cluster', () => {
    const fresh = cluster(100, 50);
    const aged = cluster(80, 50);
    fresh.integrate(fresh.nominalKwh / 10, 1);
    aged.integrate(fresh.nominalKwh / 10, 1);
    expect(fresh.soc - 50).toBeCloseTo(10, 1);
    expect(aged.soc - 50).toBeCloseTo(12.5, 1);
  });

  it('reports SOH as the cluster point, fading slowly over a month of peak shaving', () => {
    const cfg = configs.find((x) => x.systemType === 1 && x.modes.peakShaving && x.peakShaving && x.devices.some((d) => d.type === 'battery_cluster'))!;
    const m = new StationModel(structuredClone(cfg));
    const start = m.clusterSohs();
    let prev = start.slice();
    let moved = 0;
    let last: number[] = [];
    for (let t = NOW.getTime() + 900_000; t <= NOW.getTime() + 30 * DAY; t += 900_000) {
      const r = m.step(t, 900, t > NOW.getTime() + 30 * DAY - HOUR);
      const now = m.clusterSohs();
      now.forEach((s, k) => expect(s).toBeLessThanOrEqual(prev[k]!));
      prev = now;
      moved += r.energy.charge + r.energy.discharge;
      const frames = r.devices.filter((d) => d.type === 'battery_cluster');
      if (frames.length) last = frames.map((d) => d.v[idx('soh')]!);
    }
    expect(moved).toBeGreaterThan(0);
    expect(last).toEqual(m.clusterSohs());
    prev.forEach((s, k) => {
      const lost = start[k]! - s;
      expect(lost).toBeGreaterThan(0.05); // a month's calendar fade plus cycling
      expect(lost).toBeLessThan(0.6);
    });
  });
});

describe('battery cell readings', () => {
  const read = (c: BatteryCluster, p: number) => c.readings(p, quiet, 0);

  it('puts the cell voltage on the OCV curve at rest, above it charging and below it discharging', () => {
    const c = cluster(100, 50);
    const rest = read(c, 0);
    const mean = rest.v / c.cells;
    expect(Math.abs(mean - ocv(50))).toBeLessThan(0.005);
    expect(read(c, -100).v).toBeGreaterThan(rest.v);
    expect(read(c, 100).v).toBeLessThan(rest.v);
    // current follows power and voltage, + discharge
    expect(read(c, 100).i).toBeCloseTo((100 * 1000) / read(c, 100).v, 6);
    expect(read(c, -50).i).toBeLessThan(0);
  });

  it('widens the cell voltage spread with current, at the SOC ends and as SOH fades', () => {
    const spread = (c: BatteryCluster, p: number) => {
      const r = read(c, p);
      expect(r.cellVmax).toBeGreaterThan(r.cellVmin);
      return (r.cellVmax - r.cellVmin) * 1000;
    };
    const mid = spread(cluster(100, 50), 0);
    expect(mid).toBeGreaterThan(3);
    expect(mid).toBeLessThan(20);
    expect(spread(cluster(100, 50), 100)).toBeGreaterThan(mid + 5);
    expect(spread(cluster(100, 50), -100)).toBeGreaterThan(mid + 5);
    expect(spread(cluster(100, 95), 0)).toBeGreaterThan(mid * 2);
    expect(spread(cluster(100, 5), 0)).toBeGreaterThan(mid * 2);
    expect(spread(cluster(85, 50), 50)).toBeGreaterThan(spread(cluster(100, 50), 50));
    // the extremes bracket the mean cell
    const c = cluster(100, 60);
    const r = read(c, 60);
    expect(r.cellVmax).toBeGreaterThan(r.v / c.cells);
    expect(r.cellVmin).toBeLessThan(r.v / c.cells);
  });

  it('warms the cells under sustained current with a lag, and cools them back', () => {
    const c = cluster(100, 50);
    c.tempC = null;
    c.heat(0, 25, 60);
    const idle = read(c, 0);
    expect(idle.cellTmax).toBeGreaterThan(idle.cellTmin);
    c.heat(100, 25, 60);
    const first = c.tempC!;
    for (let k = 0; k < 120; k++) c.heat(100, 25, 60);
    const hot = read(c, 100);
    expect(first - 25).toBeLessThan(1); // thermal mass: a minute does little
    expect(c.tempC! - 25).toBeGreaterThan(6);
    expect(hot.cellTmax - hot.cellTmin).toBeGreaterThan(idle.cellTmax - idle.cellTmin + 2);
    for (let k = 0; k < 240; k++) c.heat(0, 25, 60);
    expect(c.tempC! - 25).toBeLessThan(1);
  });

  it('keeps every frame of the fleet coherent over a day: extremes ordered, SOH in range', () => {
    let frames = 0;
    const bad: string[] = [];
    for (const cfg of configs.slice(0, 20)) {
      const m = new StationModel(structuredClone(cfg));
      for (let t = NOW.getTime() + 300_000; t <= NOW.getTime() + DAY; t += 300_000) {
        for (const d of m.step(t, 300).devices) {
          if (d.type !== 'battery_cluster') continue;
          frames++;
          const [soc, p, v, i, vmax, vmin, tmax, tmin, , soh] = d.v as [number, number, number, number, number, number, number, number, number, number];
          if (!(vmax > vmin && tmax > tmin && soh > 90 && soh < 99 && v > 0 && soc >= 0 && soc <= 100 && Math.sign(i) === Math.sign(p)))
            bad.push(`${cfg.id}/${d.id}@${t}: ${d.v.join(',')}`);
        }
      }
    }
    expect(frames).toBeGreaterThan(1000);
    expect(bad).toEqual([]);
  });
});
