import type { z } from 'zod';
import type { essAnalysis, essTotals, sohCluster } from '../../protocol/actions/analysis';
import type { Figures } from './figures';
import { equivalentFullCycles, roundTripEfficiency, sohSlopePerDay, utilisation, type RoundTrip } from './formulas';
import type { Loaded } from './query';
import type { SohPoint, StationRating } from './sources';
import { isMixedCurrency } from '../../protocol/currency';
import { currencyOfRatings, fixed, frameOf, kwh, money, moneyOver, pct, stationParts } from './wire';

// Energy-storage answer: charge/discharge, round-trip efficiency (same-SOC window or SOC-corrected,
// at the converter's AC side), equivalent full cycles, utilisation, net arbitrage revenue, SOH.

type Totals = z.input<typeof essTotals>;
type Part = { s: StationRating; f: Figures; steps?: [string, Figures][] };

/** A station's RTE over its days in order (a bucket alone when no days are given). */
const stationRte = (p: Part): RoundTrip => {
  const steps = p.steps ?? [['', p.f]];
  const start = steps[0]?.[1].socStart;
  return roundTripEfficiency(
    steps.map(([, f]) => ({ chargeKwh: f.charge, dischargeKwh: f.discharge, socEnd: Number.isFinite(f.socEnd) ? f.socEnd : null })),
    start !== undefined && Number.isFinite(start) ? start : null,
    p.s.essKwh,
  );
};

/** Stations together: Σ E_dis / Σ (each one's window charge, SOC-corrected where it was). */
export const essFigures = (parts: readonly Part[], days: number) => {
  let ch = 0,
    dis = 0,
    cap = 0,
    kw = 0,
    rteDis = 0,
    rteDen = 0,
    corrected = false;
  const f = { chargeFromGrid: 0, chargeFromPv: 0, dischargeToLoad: 0, dischargeExported: 0, dischargeValue: 0, chargeCost: 0 };
  for (const p of parts) {
    if (p.s.essKwh <= 0) continue;
    ch += p.f.charge;
    dis += p.f.discharge;
    cap += p.s.essKwh;
    kw += p.s.essKw;
    for (const k of Object.keys(f) as (keyof typeof f)[]) f[k] += p.f[k];
    const r = stationRte(p);
    if (r.value !== null && r.value > 0) {
      rteDis += r.dischargeKwh;
      rteDen += r.dischargeKwh / r.value;
      corrected ||= r.method === 'socCorrected';
    }
  }
  return {
    ch,
    dis,
    cap,
    ...f,
    rte: rteDen > 0 ? rteDis / rteDen : null,
    rteMethod: corrected ? ('socCorrected' as const) : ('sameSoc' as const),
    efc: equivalentFullCycles(ch, dis, cap),
    utilisation: utilisation(dis, kw, days * 24),
  };
};

/** Demand-charge savings per station (server/peak/demand-savings.ts), of the period and of its comparison. */
export interface DemandSavings {
  slice: Map<number, number>;
  compare: Map<number, number> | null;
}

const totalsOf = (parts: readonly Part[], days: number, saved: Map<number, number> | null): Totals => {
  const x = essFigures(parts, days);
  const demand = parts.reduce((a, p) => a + (p.s.essKwh > 0 ? (saved?.get(p.s.id) ?? 0) : 0), 0);
  const mixed = isMixedCurrency(currencyOfRatings(parts.map((p) => p.s)));
  return {
    chargeKwh: kwh(x.ch),
    dischargeKwh: kwh(x.dis),
    capacityKwh: kwh(x.cap),
    rtePct: pct(x.rte),
    rteMethod: x.rteMethod,
    rteBasis: 'ac',
    efc: fixed(x.efc),
    utilisationPct: pct(x.utilisation),
    chargeFromGridKwh: kwh(x.chargeFromGrid),
    chargeFromPvKwh: kwh(x.chargeFromPv),
    dischargeToLoadKwh: kwh(x.dischargeToLoad),
    dischargeExportedKwh: kwh(x.dischargeExported),
    dischargeValue: moneyOver(mixed, x.dischargeValue),
    chargeCost: moneyOver(mixed, x.chargeCost),
    netArbitrage: moneyOver(mixed, x.dischargeValue - x.chargeCost),
    demandSavings: moneyOver(mixed, demand),
    netRevenue: moneyOver(mixed, x.dischargeValue - x.chargeCost + demand),
  };
};

const DAY = 86_400_000;

/** SOH lines per cluster with the latest value and the least-squares trend per year. */
export const sohLines = (points: readonly SohPoint[]): z.input<typeof sohCluster>[] => {
  const by = new Map<number, SohPoint[]>();
  for (const p of points) (by.get(p.deviceId) ?? by.set(p.deviceId, []).get(p.deviceId)!).push(p);
  return [...by.values()].map((list) => {
    const slope = sohSlopePerDay(list.map((p) => ({ day: Date.parse(p.day) / DAY, soh: p.soh })));
    return {
      deviceId: list[0]!.deviceId,
      stationId: list[0]!.stationId,
      name: list[0]!.name,
      days: list.map((p) => p.day),
      values: list.map((p) => fixed(p.soh, 100)!),
      latestPct: fixed(list.at(-1)!.soh, 100),
      trendPctPerYear: slope === null ? null : fixed(slope * 365.25, 100),
    };
  });
};

export const buildEss = (
  l: Loaded,
  soh: readonly SohPoint[],
  sohOfStations: boolean,
  saved: DemandSavings = { slice: new Map(), compare: null },
): z.input<typeof essAnalysis> => {
  const stations = l.stations.filter((s) => s.essKwh > 0);
  const one = (of: (x: ReturnType<typeof essFigures>) => number | null) => (parts: readonly Part[]) => of(essFigures(parts, 1));
  const frame = frameOf(l, stations, [
    { key: 'chargeKwh', unit: 'kWh', of: one((x) => kwh(x.ch)) },
    { key: 'dischargeKwh', unit: 'kWh', of: one((x) => kwh(x.dis)) },
    { key: 'netArbitrage', unit: 'money', of: one((x) => money(x.dischargeValue - x.chargeCost)) },
    { key: 'efc', unit: 'cycles', of: one((x) => fixed(x.efc)) },
    { key: 'rte', unit: '%', of: one((x) => pct(x.rte)) },
  ]);
  const withSteps = (slice: NonNullable<Loaded['compare']>) => stationParts(slice, stations).map((p) => ({ ...p, steps: slice.steps.get(p.s.id) ?? [] }));
  const lines = sohLines(soh);
  const latest = new Map<number, number[]>();
  for (const c of lines) if (c.latestPct !== null) (latest.get(c.stationId) ?? latest.set(c.stationId, []).get(c.stationId)!).push(c.latestPct);
  return {
    ...frame,
    totals: totalsOf(withSteps(l.slice), l.slice.dayCount, saved.slice),
    compareTotals: l.compare ? totalsOf(withSteps(l.compare), l.compare.dayCount, saved.compare) : null,
    soh: sohOfStations ? lines : [],
    stations: withSteps(l.slice).map((p) => {
      const own = latest.get(p.s.id);
      return {
        ...totalsOf([p], l.slice.dayCount, saved.slice),
        stationId: p.s.id,
        stationName: p.s.name,
        serviceProviderId: p.s.providerId,
        currency: p.s.currency,
        sohPct: own?.length ? fixed(own.reduce((a, b) => a + b, 0) / own.length, 100) : null,
      };
    }),
  };
};
