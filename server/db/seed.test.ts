import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEVICE_TYPES, SITE_TYPES } from '../../protocol/codes';
import { ALL_PERMISSIONS, ROUTE_PERMISSIONS } from '../../protocol/permissions';
import { DEFAULT_STATIONS, planSeed } from './seed';
import { SITES } from './seed-data';
import { NOW, planFixture, validZone } from './seed-fixture';

// The demo fleet's plan (pure, no database): determinism, the providers and their stations,
// places, capacities consistent with the devices, roles and demo accounts. Tariffs, fuel prices
// and strategies are in seed-tariffs.test.ts, the database write in seed-db.test.ts.

describe('planSeed (pure)', () => {
  const { plan, devices, sum, ofType } = planFixture();

  it('is deterministic for the same options', () => {
    expect(planSeed({ now: NOW, stations: DEFAULT_STATIONS })).toEqual(plan);
    expect(planSeed({ now: NOW, stations: 250 })).toEqual(planSeed({ now: NOW, stations: 250 }));
  });

  it('builds one station per real site by default, spread over three providers with 2-4 customers each', () => {
    expect(plan.stations.map((s) => s.name)).toEqual(SITES.map((s) => s.name));
    expect(plan.orgs.filter((o) => o.org_type === 1)).toEqual([expect.objectContaining({ id: 1, name: 'EMS Cloud Platform', parent_id: null })]);
    const providers = plan.orgs.filter((o) => o.org_type === 2);
    expect(providers).toHaveLength(3);
    for (const p of providers) {
      expect(p.parent_id).toBe(1);
      const customers = plan.orgs.filter((o) => o.parent_id === p.id);
      expect(customers.length).toBeGreaterThanOrEqual(2);
      expect(customers.length).toBeLessThanOrEqual(4);
      expect(customers.every((c) => c.org_type === 3)).toBe(true);
      expect(plan.stations.filter((s) => s.provider_id === p.id).length).toBeGreaterThanOrEqual(10);
    }
    for (const s of plan.stations) expect(plan.orgs.find((o) => o.id === s.customer_id)?.parent_id).toBe(s.provider_id);
    expect(new Set(plan.stations.map((s) => s.country)).size).toBeGreaterThanOrEqual(6);
    expect(plan.stations.filter((s) => s.country === 'CN').length).toBeGreaterThan(plan.stations.length / 2);
  });

  it('points every station picture and org logo at a file the console serves', () => {
    const served = (url: string) => existsSync(new URL(`../../public${url}`, import.meta.url));
    const pictures = planSeed({ now: NOW, stations: 250 })
      .stations.map((s) => s.picture_url)
      .filter((u): u is string => u !== null);
    expect(new Set(pictures).size).toBe(9);
    expect(pictures.filter((u) => !served(u))).toEqual([]);
    const logos = plan.orgs.map((o) => o.logo_url).filter((u): u is string => u !== null);
    expect(logos.length).toBeGreaterThan(0);
    expect(logos.filter((u) => !served(u))).toEqual([]);
  });

  it.each([1, 2, 3, 59, 61, 137, 1000])('works for %i stations with unique names and serials', (n) => {
    const p = planSeed({ now: NOW, stations: n });
    expect(p.stations).toHaveLength(n);
    expect(new Set(p.stations.map((s) => s.name)).size).toBe(n);
    expect(new Set(p.devices.map((d) => d.serial_no)).size).toBe(p.devices.length);
    expect(p.stationModes).toHaveLength(n);
    if (n === 3) expect(new Set(p.stations.map((s) => s.provider_id)).size).toBe(3);
    if (n > SITES.length) expect(p.stations[SITES.length]?.name).toMatch(/（2期）$| Phase 2$/);
  });

  it('rejects a station count outside 1..99999', () => {
    for (const n of [0, -1, 1.5, 100_000, Number.NaN]) expect(() => planSeed({ now: NOW, stations: n })).toThrow(RangeError);
  });

  it('has realistic places: coordinates in range, IANA zones, single-language names', () => {
    for (const s of [...plan.stations, ...planSeed({ now: NOW, stations: 5000 }).stations]) {
      expect(Math.abs(s.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(s.lon)).toBeLessThanOrEqual(180);
      expect(validZone(s.timezone)).toBe(true);
      expect(s.country).toMatch(/^[A-Z]{2}$/);
    }
    for (const s of plan.stations) {
      const zh = /[\u3400-\u9fff]/.test(s.name);
      expect(/[\u3400-\u9fff]/.test(s.address)).toBe(zh);
      if (zh) expect(s.name).not.toMatch(/[A-Za-z]{2,}/);
    }
    expect(plan.stations.find((s) => s.name === 'Newman Mine Camp Microgrid')).toMatchObject({ timezone: 'Australia/Perth', country: 'AU', system_type: 2 });
  });

  it('keeps energy types, system type, capacities and devices consistent', () => {
    const types = new Set<string>();
    for (const s of plan.stations) {
      const has = (t: string) => s.energy_types.includes(t as never);
      const sid = s.id;
      for (const d of devices.get(sid) ?? []) types.add(d.type);
      expect(ofType(sid, 'gateway')).toHaveLength(1);
      if (s.system_type === 2) expect(has('dg') || has('ess')).toBe(true);
      expect(ofType(sid, 'meter')).toHaveLength(s.system_type === 2 ? 0 : 1);
      expect(SITE_TYPES).toContain(s.site_type);
      expect(['0.4 kV', '10 kV', '35 kV']).toContain(s.voltage_level);
      expect(s.operation_date >= '2021-01-01' && s.operation_date <= '2026-12-31').toBe(true);
      // PV
      expect(ofType(sid, 'pv_inverter').length > 0).toBe(has('pv'));
      expect(ofType(sid, 'weather_station')).toHaveLength(has('pv') ? 1 : 0);
      if (has('pv')) {
        expect(s.pv_capacity_kw).toBeGreaterThanOrEqual(100);
        expect(s.pv_capacity_kw).toBeLessThanOrEqual(5000);
        expect(sum(ofType(sid, 'pv_inverter'))).toBeCloseTo(s.pv_capacity_kw, 3);
      } else expect(s.pv_capacity_kw).toBe(0);
      // ESS
      const pcs = ofType(sid, 'pcs');
      const clusters = ofType(sid, 'battery_cluster');
      if (has('ess')) {
        expect(pcs.length).toBeGreaterThanOrEqual(1);
        expect(pcs.length).toBeLessThanOrEqual(2);
        expect(clusters.length / pcs.length).toBeGreaterThanOrEqual(2);
        expect(clusters.length / pcs.length).toBeLessThanOrEqual(8);
        expect(s.ess_power_kw).toBeGreaterThanOrEqual(100);
        expect(s.ess_power_kw).toBeLessThanOrEqual(2000);
        expect([2, 4]).toContain(s.ess_capacity_kwh / s.ess_power_kw);
        expect(sum(pcs)).toBeCloseTo(s.ess_power_kw, 2);
        expect(clusters.reduce((a, d) => a + d.rated_capacity_kwh, 0)).toBeCloseTo(s.ess_capacity_kwh, 1);
        for (const c of clusters) expect(c.params).toMatchObject({ cellNominalV: 3.2, chemistry: 'LFP' });
      } else expect(pcs.length + clusters.length + s.ess_power_kw + s.ess_capacity_kwh).toBe(0);
      // DG
      if (has('dg')) {
        expect(s.dg_capacity_kw).toBeGreaterThanOrEqual(100);
        expect(s.dg_capacity_kw).toBeLessThanOrEqual(800);
        expect(sum(ofType(sid, 'generator'))).toBeCloseTo(s.dg_capacity_kw, 3);
      } else expect(ofType(sid, 'generator').length + s.dg_capacity_kw).toBe(0);
      // charging
      const piles = ofType(sid, 'charging_pile');
      if (has('charging')) {
        expect(s.charging_power_kw).toBeGreaterThanOrEqual(60);
        expect(s.charging_power_kw).toBeLessThanOrEqual(960);
        expect(piles.every((p) => p.rated_power_kw === 60 || p.rated_power_kw === 120)).toBe(true);
        expect(sum(piles)).toBe(s.charging_power_kw);
      } else expect(piles.length + s.charging_power_kw).toBe(0);
      // load
      const loads = ofType(sid, 'load').length;
      if (has('load')) expect(loads >= 1 && loads <= 3).toBe(true);
      else expect(loads).toBe(0);
    }
    expect([...types].sort()).toEqual([...DEVICE_TYPES].sort());
    const systems = plan.stations.map((s) => s.system_type);
    expect(systems.filter((t) => t === 1).length).toBeGreaterThan(plan.stations.length / 2);
    expect(systems).toContain(2);
    expect(systems).toContain(3);
    expect(new Set(plan.stations.map((s) => s.card_type))).toEqual(new Set([1, 2, 3]));
    expect(plan.stations.some((s) => s.picture_url === null)).toBe(true);
  });

  it('defines the three roles and six demo accounts with SPEC §5 passwords', () => {
    expect(plan.roles.find((r) => r.org_id === 1)?.permissions).toEqual([...ALL_PERMISSIONS]);
    const readOnly = plan.roles.filter((r) => r.name === 'Site operator (read-only)');
    expect(readOnly).toHaveLength(3);
    for (const r of readOnly) {
      expect(r.permissions.every((k) => (ROUTE_PERMISSIONS as readonly string[]).includes(k))).toBe(true);
      expect(r.permissions).not.toContain('system.account');
      expect(r.permissions).not.toContain('system.role');
      expect(r.permissions).not.toContain('system.audit');
    }
    expect(plan.accounts.map((a) => a.account)).toEqual(['admin', 'sunrise', 'pearlriver', 'equator', 'operator', 'disabled']);
    for (const a of plan.accounts) {
      expect(a.password.length).toBeGreaterThanOrEqual(8);
      expect(a.password).not.toMatch(/[<>')+/*]/);
      const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(a.password)).length;
      expect(classes).toBeGreaterThanOrEqual(3);
    }
    const op = plan.accounts.find((a) => a.account === 'operator');
    expect(op?.data_scope).toBe('stations');
    expect(op?.scope_station_ids).toHaveLength(3);
    for (const id of op?.scope_station_ids ?? []) expect(plan.stations.find((s) => s.id === id)?.provider_id).toBe(op?.org_id);
    expect(plan.accounts.find((a) => a.account === 'disabled')?.status).toBe(0);
  });
});
