// The numeric parameters of each strategy kind (SPEC §3), in the form's order: the mode editor
// lays its fields out by them and the server's tests name each one missing.
export const PEAK_FIELDS = [
  'socUpper',
  'socLower',
  'cellVoltageUpper',
  'cellVoltageLower',
  'demandLimitKw',
  'antiBackflowKw',
  'antiOverloadKw',
  'offGridSocUpper',
  'offGridSocLower',
  'emergencySoc',
] as const;
export const ISLAND_FIELDS = [
  'socUpper',
  'socLower',
  'optimalGeneratorPowerKw',
  'essChargingPowerLimitKw',
  'inverterPowerStepPct',
  'inverterShutdownThresholdPct',
  'dgBackflowLimitKw',
  'onGridChargingPowerKw',
  'onGridChargingCutoffSoc',
] as const;
