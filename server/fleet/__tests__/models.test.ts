import { describe, expect, it } from 'vitest';
import { POINTS } from '../../../protocol/fleet';
import { GEN_TRANSITIONS, GeneratorSM, type GenState } from '../generator';
import { StationModel, ENERGY_KEYS, zeroEnergy, type EnergyDelta } from '../station';
import { sunPosition, clearSkyGhi } from '../solar';
import { wallClock } from '../../../protocol/site-time';
import { seedConfigs } from './fixtures';

const NOW = new Date('2026-07-14T00:00:00Z');
const configs = seedConfigs(NOW, 60);
const DAY = 86_400_000;

describe('solar model', () => {
  it('puts the sun highest near local solar noon and below the horizon at midnight', () => {
    // Suzhou (120.7 E): solar noon ≈ 04:00 UTC
    const noon = sunPosition(31.3, 120.7, Date.UTC(2026, 6, 14, 4, 0));
    const night = sunPosition(31.3, 120.7, Date.UTC(2026, 6, 14, 16, 0));
    expect(noon.cosZ).toBeGreaterThan(0.95);
    expect(night.cosZ).toBeLessThan(0);
    expect(clearSkyGhi(noon.cosZ)).toBeGreaterThan(950);
    expect(clearSkyGhi(night.cosZ)).toBe(0);
  });
});

describe('station models', () => {
  // every station of the seed, one local day each at 60 s steps
  const runs = configs.map((cfg) => {
    const m = new StationModel(structuredClone(cfg));
    const day = zeroEnergy();
    let socMin = Infinity;
    let socMax = -Infinity;
    let limitViolations = 0;
    const transitions: [GenState, GenState][] = [];
    const statesSeen = new Set<number>();
    let badFrames = 0;
    for (let t = NOW.getTime() + 60_000; t <= NOW.getTime() + DAY; t += 60_000) {
      const r = m.step(t, 60);
      for (const k of ENERGY_KEYS) day[k] += r.energy[k];
      const lim = m.socLimits(t);
      for (const s of m.clusterSocs()) {
        socMin = Math.min(socMin, s);
        socMax = Math.max(socMax, s);
        if (s < lim.lower - 0.01 || s > lim.upper + 0.01) limitViolations++;
      }
      for (const g of r.genTransitions) transitions.push([g.from, g.to]);
      m.generatorStates().forEach((s) => statesSeen.add(s));
      for (const d of r.devices) if (d.v.length !== POINTS[d.type].length || d.v.some((v) => !Number.isFinite(v))) badFrames++;
    }
    return { cfg, day, socMin, socMax, limitViolations, transitions, statesSeen, badFrames, initial: new StationModel(structuredClone(cfg)).clusterSocs() };
  });

  const balance = (e: EnergyDelta) => {
    const input = e.pv + e.discharge + e.gridImport + e.generator;
    const output = e.load + e.charge + e.gridExport + e.losses;
    return { input, output, err: Math.abs(input - output) / Math.max(1, input) };
  };

  it('keeps the energy balance within 1 % per station-day', () => {
    for (const r of runs) expect(balance(r.day).err, `station ${r.cfg.id}`).toBeLessThan(0.01);
  });

  it('produces plausible energy: PV by day, load every day, storage cycling under peak shaving', () => {
    const withPv = runs.filter((r) => r.cfg.devices.some((d) => d.type === 'pv_inverter'));
    for (const r of withPv) expect(r.day.pv, `station ${r.cfg.id}`).toBeGreaterThan(0);
    for (const r of runs.filter((x) => x.cfg.devices.some((d) => d.type === 'load'))) expect(r.day.load, `station ${r.cfg.id}`).toBeGreaterThan(0);
    const shaving = runs.filter((r) => r.cfg.modes.peakShaving && r.cfg.peakShaving && r.cfg.systemType === 1);
    expect(shaving.length).toBeGreaterThan(5);
    for (const r of shaving) expect(r.day.charge + r.day.discharge, `station ${r.cfg.id}`).toBeGreaterThan(0);
    for (const r of runs) expect(r.badFrames, `station ${r.cfg.id}`).toBe(0);
  });

  it('keeps every cluster SOC inside the strategy limits in force', () => {
    for (const r of runs) {
      const startedInside = r.initial.every((s) => s >= 10 && s <= 90);
      if (startedInside) expect(r.limitViolations, `station ${r.cfg.id}`).toBe(0);
    }
  });

  it('never takes a generator transition that does not exist, and runs off-grid generators', () => {
    const all = runs.flatMap((r) => r.transitions);
    for (const [from, to] of all) expect(GEN_TRANSITIONS[from]).toContain(to);
    const offGridWithDg = runs.filter((r) => r.cfg.systemType === 2 && r.cfg.devices.some((d) => d.type === 'generator'));
    expect(offGridWithDg.length).toBeGreaterThan(0);
    expect(offGridWithDg.some((r) => r.day.generator > 0 && r.day.fuel > 0)).toBe(true);
  });
});

describe('generator state machine', () => {
  it('walks a full start and stop with legal transitions whatever the step size', () => {
    for (const dt of [1, 5, 60, 900]) {
      const sm = new GeneratorSM({ crankFires: (a) => a >= 2, stopsInTime: (n) => n > 1 });
      const seen: [GenState, GenState][] = [];
      for (let i = 0; i < 4000 / dt; i++) seen.push(...sm.advance(dt, true).transitions);
      expect(sm.state).toBe(9);
      for (let i = 0; i < 4000 / dt; i++) seen.push(...sm.advance(dt, false).transitions);
      expect(sm.state).toBe(0);
      for (const [a, b] of seen) expect(GEN_TRANSITIONS[a]).toContain(b);
      const visited = new Set(seen.flatMap(([a, b]) => [a, b]));
      // first crank fails (4), first stop fails (14)
      for (const s of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]) expect(visited.has(s as GenState), `dt ${dt} state ${s}`).toBe(true);
    }
  });

  it('abandons a start after three failed cranks', () => {
    const sm = new GeneratorSM({ crankFires: () => false, stopsInTime: () => true });
    const seen: [GenState, GenState][] = [];
    for (let i = 0; i < 200; i++) seen.push(...sm.advance(1, true).transitions);
    const giveUp = seen.findIndex(([a, b]) => a === 4 && b === 12);
    expect(giveUp).toBeGreaterThan(0);
    expect(seen.slice(0, giveUp).filter(([a, b]) => a === 3 && b === 4)).toHaveLength(3);
  });
});

describe('local time', () => {
  it('converts to station time across a DST change', () => {
    expect(wallClock('Asia/Shanghai', Date.UTC(2026, 0, 31, 16, 30)).date).toBe('2026-02-01');
    expect(wallClock('Europe/Berlin', Date.UTC(2026, 2, 29, 0, 30)).minutes).toBeCloseTo(90, 5);
    expect(wallClock('Europe/Berlin', Date.UTC(2026, 2, 29, 1, 30)).minutes).toBeCloseTo(210, 5);
  });
});
