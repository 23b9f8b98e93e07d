import { describe, expect, it } from 'vitest';
import { expectTariffShape, NOW, planFixture, TODAY } from './seed-fixture';
import { minutesOf } from '../../protocol/actions/tariffs';

// The demo fleet's tariffs, fuel prices and strategies (pure, no database): one tariff in force
// per station with some pending and historical ones, fuel price windows around today, and
// strategies aligned to the tariff in force.

describe('planSeed (pure): tariffs, fuel prices and strategies', () => {
  const { plan, byStation } = planFixture();

  it('gives every station a tariff in force, ~20 % a pending and ~20 % a historical one', () => {
    const tariffs = byStation(plan.tariffs);
    let pending = 0,
      history = 0;
    for (const s of plan.stations) {
      const ts = tariffs.get(s.id) ?? [];
      const past = ts.filter((t) => t.effective_date <= TODAY);
      expect(past.length).toBeGreaterThanOrEqual(1);
      pending += ts.length - past.length;
      history += past.length - 1;
      expect(new Set(ts.map((t) => t.effective_date)).size).toBe(ts.length);
    }
    expect(pending).toBe(12);
    expect(history).toBe(12);
    expect(plan.tariffs.filter((t) => t.effective_date > TODAY).every((t) => t.effective_date === '2026-12-01')).toBe(true);
    for (const t of [...plan.tariffs, ...plan.tariffTemplates]) expectTariffShape(t.seasons);
    expect(plan.tariffs.filter((t) => t.seasons.some((s) => s.slots.some((x) => x.period === 'sharp'))).length).toBeGreaterThan(0);
    for (const p of plan.orgs.filter((o) => o.org_type === 2)) expect(plan.tariffTemplates.filter((t) => t.provider_id === p.id)).toHaveLength(2);
  });

  const currencyOf = (org: number) => plan.orgs.find((o) => o.id === org)!.currency;

  it("prices each station in its provider's currency at plausible local levels, with a peak/valley spread", () => {
    const range = { CNY: [0.18, 1.3], USD: [0.03, 0.31] } as Record<string, [number, number]>;
    const seen = new Set<string>();
    for (const t of plan.tariffs) {
      const st = plan.stations.find((x) => x.id === t.station_id)!;
      expect(t.currency).toBe(currencyOf(st.provider_id));
      seen.add(t.currency);
      const [lo, hi] = range[t.currency]!;
      for (const season of t.seasons) {
        const prices = season.slots.map((x) => x.fromGridPrice);
        for (const p of prices) {
          expect(p, t.name).toBeGreaterThanOrEqual(lo);
          expect(p, t.name).toBeLessThanOrEqual(hi);
        }
        // time of use: the dearest hour costs well over the cheapest
        expect(Math.max(...prices) / Math.min(...prices), t.name).toBeGreaterThan(1.2);
        for (const x of season.slots) expect(x.feedInPrice, t.name).toBeLessThan(Math.max(...prices));
      }
    }
    expect([...seen].sort()).toEqual(['CNY', 'USD']);
    // the Chinese schedules where the local ones are: a Jiangsu flat hour 0.6-0.7 CNY/kWh
    const east = plan.tariffs
      .filter((t) => t.currency === 'CNY')
      .flatMap((t) => t.seasons.flatMap((x) => x.slots))
      .filter((x) => x.period === 'flat');
    expect(Math.max(...east.map((x) => x.fromGridPrice))).toBeGreaterThan(0.6);
    for (const t of plan.tariffTemplates) {
      const [lo, hi] = range[currencyOf(t.provider_id)]!;
      for (const x of t.seasons.flatMap((y) => y.slots)) expect(x.fromGridPrice >= lo && x.fromGridPrice <= hi, t.name).toBe(true);
    }
  });

  it('gives every DG station an expired, an active and a pending oil price', () => {
    const oil = byStation(plan.oilPrices);
    const now = NOW.toISOString();
    for (const s of plan.stations) {
      const rows = oil.get(s.id) ?? [];
      if (!s.energy_types.includes('dg')) {
        expect(rows).toHaveLength(0);
        continue;
      }
      expect(rows.filter((r) => r.end_time <= now)).toHaveLength(1);
      expect(rows.filter((r) => r.start_time <= now && now < r.end_time)).toHaveLength(1);
      expect(rows.filter((r) => r.start_time > now)).toHaveLength(1);
      // diesel at 0.98-1.56 USD/L, in the provider's currency (7-11 CNY/L)
      const [lo, hi] = currencyOf(s.provider_id) === 'CNY' ? [6.9, 11.2] : [0.9, 1.7];
      for (const r of rows) {
        expect(r.price_per_litre).toBeGreaterThan(lo);
        expect(r.price_per_litre).toBeLessThan(hi);
        expect(r.kwh_per_litre).toBeGreaterThanOrEqual(3);
        expect(r.kwh_per_litre).toBeLessThanOrEqual(3.6);
      }
    }
  });

  it('gives ESS stations a peak-shaving and islanded DG stations an island strategy, aligned to the tariff', () => {
    const strategies = byStation(plan.strategies);
    const tariffs = byStation(plan.tariffs);
    for (const s of plan.stations) {
      const ss = strategies.get(s.id) ?? [];
      const ps = ss.filter((x) => x.kind === 'peakShaving');
      const island = ss.filter((x) => x.kind === 'island');
      expect(ps).toHaveLength(s.energy_types.includes('ess') ? 1 : 0);
      expect(island).toHaveLength(s.energy_types.includes('dg') && s.system_type !== 1 ? 1 : 0);
      const mode = plan.stationModes.find((m) => m.station_id === s.id);
      expect(mode?.island_enabled).toBe(s.system_type === 2);
      expect(mode?.peak_shaving_enabled).toBe(s.system_type !== 2 && ps[0]?.issue_status === 1);
      for (const x of ss) {
        expect(x.start_date <= TODAY && TODAY <= x.end_date).toBe(true);
        const dist = plan.distributions.filter((d) => d.strategy_id === x.id);
        expect(dist).toHaveLength(x.issue_status === 0 ? 0 : 1);
      }
      const p = ps[0];
      if (!p) continue;
      expect(p.params).toMatchObject({ socUpper: 90, socLower: 10, cellVoltageUpper: 3.6, cellVoltageLower: 2.8 });
      const periods = p.params.periods as { start: string; end: string; mode: string; powerKw: number }[];
      expect(periods[0]?.start).toBe('00:00');
      expect(periods.at(-1)?.end).toBe('24:00');
      const inForce = (tariffs.get(s.id) ?? []).filter((t) => t.effective_date <= TODAY).at(-1);
      const season = inForce?.seasons.find((x) => x.months.includes(11));
      for (const slot of season?.slots ?? []) {
        const period = periods.find((x) => minutesOf(x.start) <= minutesOf(slot.start) && minutesOf(slot.end) <= minutesOf(x.end));
        expect(period?.mode).toBe(slot.period === 'valley' ? 'charge' : slot.period === 'flat' ? 'idle' : 'discharge');
        expect(period?.powerKw ?? 0).toBeLessThanOrEqual(s.ess_power_kw);
      }
    }
    const statuses = plan.strategies.map((x) => x.issue_status);
    expect(statuses.filter((x) => x === 1).length).toBeGreaterThan(statuses.length / 2);
    expect(statuses).toContain(0);
    expect(statuses).toContain(2);
  });
});
