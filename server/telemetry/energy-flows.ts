// The energy flows of a station, kWh over an interval: what the fleet books each step, the store
// sums into 15-minute rows, the day figures and the reports add up. One list, so a flow added here
// is carried everywhere. `fuel` is litres, `losses` the storage's round-trip losses.
export const ENERGY_KEYS = ['pv', 'charge', 'discharge', 'load', 'gridImport', 'gridExport', 'generator', 'fuel', 'pile', 'losses'] as const;
export type EnergyKey = (typeof ENERGY_KEYS)[number];

/** kWh over one interval, by flow. */
export type EnergyDelta = Record<EnergyKey, number>;

export const zeroEnergy = (): EnergyDelta => ({
  pv: 0,
  charge: 0,
  discharge: 0,
  load: 0,
  gridImport: 0,
  gridExport: 0,
  generator: 0,
  fuel: 0,
  pile: 0,
  losses: 0,
});
