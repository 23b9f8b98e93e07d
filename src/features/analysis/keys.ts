// The analysis screens' codes mapped to the keys of their labels (see src/i18n/codeKeys.ts for
// why maps). Codes the server sends are keyed by their protocol type, so a new code without a
// label fails the build.
import type enAnalysis from '../../../locales/en/analysis.json';
import type { Compare, Period } from '../../../streams/analysis/form';
import type { Res } from '../../../streams/api/client';
import type { TKey } from '../../i18n/i18n';

type EssTotals = Res<'queryEssAnalysis'>['totals'];
type TouPeriod = Res<'queryEnergyUsageAnalysis'>['totals']['tou'][number]['period'];

export const PERIOD_KEY = {
  day: 'analysis:toolbar.periods.day',
  month: 'analysis:toolbar.periods.month',
  year: 'analysis:toolbar.periods.year',
  custom: 'analysis:toolbar.periods.custom',
} as const satisfies Record<Period, TKey>;
export const COMPARE_KEY = {
  none: 'analysis:toolbar.compares.none',
  previous: 'analysis:toolbar.compares.previous',
  lastYear: 'analysis:toolbar.compares.lastYear',
} as const satisfies Record<Compare, TKey>;
export const TOU_KEY = {
  sharp: 'analysis:tou.sharp',
  peak: 'analysis:tou.peak',
  flat: 'analysis:tou.flat',
  valley: 'analysis:tou.valley',
} as const satisfies Record<TouPeriod, TKey>;
export const RTE_METHOD_KEY = { sameSoc: 'analysis:rte.sameSoc', socCorrected: 'analysis:rte.socCorrected' } as const satisfies Record<
  EssTotals['rteMethod'],
  TKey
>;
export const RTE_BASIS_KEY = { ac: 'analysis:rte.ac' } as const satisfies Record<EssTotals['rteBasis'], TKey>;

/** Each figure's name and hint, grouped as the screens show them (PV, storage, usage, bills). */
export const FIGURE_TEXT_KEY = {
  pvKwh: ['analysis:fig.pvKwh', 'analysis:hint.pvKwh'],
  capacityKwp: ['analysis:fig.capacityKwp', 'analysis:hint.capacityKwp'],
  specificYield: ['analysis:fig.specificYield', 'analysis:hint.specificYield'],
  irradiationKwhM2: ['analysis:fig.irradiationKwhM2', 'analysis:hint.irradiationKwhM2'],
  prPct: ['analysis:fig.prPct', 'analysis:hint.prPct'],
  prTempCorrectedPct: ['analysis:fig.prTempCorrectedPct', 'analysis:hint.prTempCorrectedPct'],
  pr30dPct: ['analysis:fig.pr30dPct', 'analysis:hint.pr30dPct'],
  prDropped: ['analysis:fig.prDropped', 'analysis:hint.prDropped'],
  rankPr: ['analysis:fig.rankPr', 'analysis:hint.rankPr'],
  rankYield: ['analysis:fig.rankYield', 'analysis:hint.rankYield'],
  chargeKwh: ['analysis:fig.chargeKwh', 'analysis:hint.chargeKwh'],
  dischargeKwh: ['analysis:fig.dischargeKwh', 'analysis:hint.dischargeKwh'],
  capacityKwh: ['analysis:fig.capacityKwh', 'analysis:hint.capacityKwh'],
  rtePct: ['analysis:fig.rtePct', 'analysis:hint.rtePct'],
  efc: ['analysis:fig.efc', 'analysis:hint.efc'],
  utilisationPct: ['analysis:fig.utilisationPct', 'analysis:hint.utilisationPct'],
  chargeFromGridKwh: ['analysis:fig.chargeFromGridKwh', 'analysis:hint.chargeFromGridKwh'],
  chargeFromPvKwh: ['analysis:fig.chargeFromPvKwh', 'analysis:hint.chargeFromPvKwh'],
  dischargeToLoadKwh: ['analysis:fig.dischargeToLoadKwh', 'analysis:hint.dischargeToLoadKwh'],
  dischargeExportedKwh: ['analysis:fig.dischargeExportedKwh', 'analysis:hint.dischargeExportedKwh'],
  dischargeValue: ['analysis:fig.dischargeValue', 'analysis:hint.dischargeValue'],
  chargeCost: ['analysis:fig.chargeCost', 'analysis:hint.chargeCost'],
  netArbitrage: ['analysis:fig.netArbitrage', 'analysis:hint.netArbitrage'],
  netRevenue: ['analysis:fig.netRevenue', 'analysis:hint.netRevenue'],
  demandSavings: ['analysis:fig.demandSavings', 'analysis:hint.demandSavings'],
  sohPct: ['analysis:fig.sohPct', 'analysis:hint.sohPct'],
  trendPctPerYear: ['analysis:fig.trendPctPerYear', 'analysis:hint.trendPctPerYear'],
  consumptionKwh: ['analysis:fig.consumptionKwh', 'analysis:hint.consumptionKwh'],
  loadKwh: ['analysis:fig.loadKwh', 'analysis:hint.loadKwh'],
  fromPvKwh: ['analysis:fig.fromPvKwh', 'analysis:hint.fromPvKwh'],
  fromEssKwh: ['analysis:fig.fromEssKwh', 'analysis:hint.fromEssKwh'],
  fromGridKwh: ['analysis:fig.fromGridKwh', 'analysis:hint.fromGridKwh'],
  fromGeneratorKwh: ['analysis:fig.fromGeneratorKwh', 'analysis:hint.fromGeneratorKwh'],
  selfConsumptionPct: ['analysis:fig.selfConsumptionPct', 'analysis:hint.selfConsumptionPct'],
  selfSufficiencyPct: ['analysis:fig.selfSufficiencyPct', 'analysis:hint.selfSufficiencyPct'],
  peakKw: ['analysis:fig.peakKw', 'analysis:hint.peakKw'],
  loadFactorPct: ['analysis:fig.loadFactorPct', 'analysis:hint.loadFactorPct'],
  fuelLitres: ['analysis:fig.fuelLitres', 'analysis:hint.fuelLitres'],
  fuelCost: ['analysis:fig.fuelCost', 'analysis:hint.fuelCost'],
  gridCost: ['analysis:fig.gridCost', 'analysis:hint.gridCost'],
  feedInRevenue: ['analysis:fig.feedInRevenue', 'analysis:hint.feedInRevenue'],
  income: ['analysis:fig.income', 'analysis:hint.income'],
  cost: ['analysis:fig.cost', 'analysis:hint.cost'],
  importKwh: ['analysis:fig.importKwh', 'analysis:hint.importKwh'],
  exportKwh: ['analysis:fig.exportKwh', 'analysis:hint.exportKwh'],
  importCost: ['analysis:fig.importCost', 'analysis:hint.importCost'],
  amount: ['analysis:fig.amount', 'analysis:hint.amount'],
} as const satisfies Record<keyof typeof enAnalysis.fig, readonly [TKey, TKey]>;
