import type { ReportItem } from '../../protocol/actions/report-shapes';
import type { Figures } from '../analytics/figures';
import { kwh, money } from '../analytics/wire';
import { zeroEnergy, type EnergyDelta } from '../telemetry/energy-flows';

// What each report data item reads from a bucket, its unit and its rounding. Energies and money
// come from the stored day figures (summed with the overview's interval functions); availability
// is the share of the expected 15-minute intervals that were metered; alarms are those raised.

/** The additive parts of one report cell (a station or a whole entity over one bucket). */
export interface Acc extends Omit<EnergyDelta, 'losses'> {
  has: boolean;
  income: number;
  savings: number;
  fuelCost: number;
  intervals: number;
  expected: number;
  alarms: number;
}

/** the flows a report adds up: every one but the storage's losses */
const flowsOf = ({ losses: _losses, ...flows }: EnergyDelta): Omit<EnergyDelta, 'losses'> => flows;

export const emptyAcc = (): Acc => ({
  has: false,
  ...flowsOf(zeroEnergy()),
  income: 0,
  savings: 0,
  fuelCost: 0,
  intervals: 0,
  expected: 0,
  alarms: 0,
});

/** The stored figures a report reads. */
export const ENERGY = ['pv', 'charge', 'discharge', 'load', 'gridImport', 'gridExport', 'generator', 'fuel', 'pile', 'income', 'savings', 'fuelCost'] as const;

export const addFigures = (a: Acc, f: Figures): void => {
  if (f.intervals <= 0) return;
  a.has = true;
  for (const k of ENERGY) a[k] += f[k];
  a.intervals += f.intervals;
};

export const addAcc = (a: Acc, b: Acc): void => {
  a.has ||= b.has;
  for (const k of ENERGY) a[k] += b[k];
  a.intervals += b.intervals;
  a.expected += b.expected;
  a.alarms += b.alarms;
};

/** 'money' is in the report's currency (its providers'); the unit the answer names is that code. */
interface ItemDef {
  unit: 'kWh' | 'L' | 'money' | '%' | 'count';
  of: (a: Acc) => number | null;
}
const energy = (k: (typeof ENERGY)[number], unit: 'kWh' | 'L' | 'money' = 'kWh'): ItemDef => ({
  unit,
  of: (a) => (a.has ? (unit === 'money' ? money(a[k]) : kwh(a[k])) : null),
});

export const ITEMS: Record<ReportItem, ItemDef> = {
  pvKwh: energy('pv'),
  chargeKwh: energy('charge'),
  dischargeKwh: energy('discharge'),
  loadKwh: energy('load'),
  gridImportKwh: energy('gridImport'),
  gridExportKwh: energy('gridExport'),
  generatorKwh: energy('generator'),
  fuelLitres: energy('fuel', 'L'),
  chargingPileKwh: energy('pile'),
  income: energy('income', 'money'),
  savings: energy('savings', 'money'),
  fuelCost: energy('fuelCost', 'money'),
  availabilityPct: { unit: '%', of: (a) => (a.expected > 0 ? Math.round((Math.min(a.intervals, a.expected) / a.expected) * 10_000) / 100 : null) },
  alarmCount: { unit: 'count', of: (a) => a.alarms },
};

export const isMoney = (item: ReportItem): boolean => ITEMS[item].unit === 'money';
/** The unit the answer names for an item: money its currency code, the rest their own. */
export const unitOf = (item: ReportItem, currency: string): string => (isMoney(item) ? currency : ITEMS[item].unit);
