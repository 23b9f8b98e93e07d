import type { z } from 'zod';
import type { usageAnalysis, usageTotals } from '../../protocol/actions/analysis';
import { PERIOD_ORDER } from '../money';
import { combineStations, type Figures } from './figures';
import { loadFactor, selfConsumption, selfSufficiency } from './formulas';
import type { Loaded } from './query';
import type { StationRating } from './sources';
import { isMixedCurrency } from '../../protocol/currency';
import { currencyOfRatings, frameOf, kwh, money, moneyOver, pct, stationParts } from './wire';

// Energy-usage answer: consumption by source, self-consumption and self-sufficiency, peak demand
// and load factor, energy and cost per tariff period, fuel cost.

type Totals = z.input<typeof usageTotals>;
type Part = { s: StationRating; f: Figures };

const HOURS_PER_INTERVAL = 0.25;

/** Load factor of stations together: Σ each one's average load / Σ each one's peak. */
const scopeLoadFactor = (parts: readonly Part[]): number | null => {
  let avg = 0;
  let peak = 0;
  for (const { f } of parts) {
    if (!(f.intervals > 0) || !Number.isFinite(f.peakKw)) continue;
    avg += f.consumption / (f.intervals * HOURS_PER_INTERVAL);
    peak += f.peakKw;
  }
  return loadFactor(avg, 1, peak);
};

export const usageFigures = (parts: readonly Part[]) => {
  const f = combineStations(parts.map((p) => p.f));
  return {
    f,
    selfConsumption: selfConsumption(f.pv, f.gridExport),
    selfSufficiency: selfSufficiency(f.gridImport, f.consumption),
    loadFactor: scopeLoadFactor(parts),
  };
};

const totalsOf = (parts: readonly Part[]): Totals => {
  const { f, ...x } = usageFigures(parts);
  const mixed = isMixedCurrency(currencyOfRatings(parts.map((p) => p.s)));
  const cash = (v: number) => moneyOver(mixed, v);
  return {
    consumptionKwh: kwh(f.consumption),
    loadKwh: kwh(f.load),
    fromPvKwh: kwh(f.consPv),
    fromEssKwh: kwh(f.consEss),
    fromGridKwh: kwh(f.consGrid),
    fromGeneratorKwh: kwh(f.consGenerator),
    pvKwh: kwh(f.pv),
    gridImportKwh: kwh(f.gridImport),
    gridExportKwh: kwh(f.gridExport),
    generatorKwh: kwh(f.generator),
    selfConsumptionPct: pct(x.selfConsumption),
    selfSufficiencyPct: pct(x.selfSufficiency),
    peakKw: Number.isFinite(f.peakKw) ? kwh(f.peakKw) : null,
    peakAt: Number.isFinite(f.peakAt) ? new Date(f.peakAt).toISOString() : null,
    loadFactorPct: pct(x.loadFactor),
    fuelLitres: kwh(f.fuel),
    fuelCost: cash(f.fuelCost),
    gridCost: cash(f.gridCost),
    feedInRevenue: cash(f.feedInRevenue),
    income: cash(f.income),
    tou: PERIOD_ORDER.map((period) => ({
      period,
      importKwh: kwh(f[`${period}ImportKwh`]),
      exportKwh: kwh(f[`${period}ExportKwh`]),
      importCost: cash(f[`${period}ImportCost`]),
      feedInRevenue: cash(f[`${period}FeedIn`]),
      amount: cash(f[`${period}ImportCost`] - f[`${period}FeedIn`]),
    })),
  };
};

export const buildUsage = (l: Loaded): z.input<typeof usageAnalysis> => {
  const one = (of: (x: ReturnType<typeof usageFigures>) => number | null) => (parts: readonly Part[]) => of(usageFigures(parts));
  const frame = frameOf(l, l.stations, [
    { key: 'consumptionKwh', unit: 'kWh', of: one((x) => kwh(x.f.consumption)) },
    { key: 'fromPvKwh', unit: 'kWh', of: one((x) => kwh(x.f.consPv)) },
    { key: 'fromEssKwh', unit: 'kWh', of: one((x) => kwh(x.f.consEss)) },
    { key: 'fromGridKwh', unit: 'kWh', of: one((x) => kwh(x.f.consGrid)) },
    { key: 'fromGeneratorKwh', unit: 'kWh', of: one((x) => kwh(x.f.consGenerator)) },
    { key: 'peakKw', unit: 'kW', of: one((x) => (Number.isFinite(x.f.peakKw) ? kwh(x.f.peakKw) : null)) },
    { key: 'selfSufficiency', unit: '%', of: one((x) => pct(x.selfSufficiency)) },
    { key: 'cost', unit: 'money', of: one((x) => money(x.f.gridCost - x.f.feedInRevenue + x.f.fuelCost)) },
  ]);
  return {
    ...frame,
    totals: totalsOf(stationParts(l.slice, l.stations)),
    compareTotals: l.compare ? totalsOf(stationParts(l.compare, l.stations)) : null,
    stations: stationParts(l.slice, l.stations).map((p) => {
      const t: Partial<Totals> = totalsOf([p]);
      delete t.tou;
      return { ...(t as Omit<Totals, 'tou'>), stationId: p.s.id, stationName: p.s.name, serviceProviderId: p.s.providerId, currency: p.s.currency };
    }),
  };
};
