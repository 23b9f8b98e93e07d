// The figures each analysis screen (PV, storage, usage) shows, in its order: the console's pages
// and the server's workbook export read this one list, so the file holds what the screen shows.
export const ANALYSIS_FIGURES = {
  pv: ['pvKwh', 'capacityKwp', 'specificYield', 'irradiationKwhM2', 'prPct', 'prTempCorrectedPct'] as const,
  ess: [
    'chargeKwh',
    'dischargeKwh',
    'rtePct',
    'efc',
    'utilisationPct',
    'capacityKwh',
    'netRevenue',
    'netArbitrage',
    'demandSavings',
    'dischargeValue',
    'chargeCost',
    'chargeFromGridKwh',
    'chargeFromPvKwh',
    'dischargeToLoadKwh',
    'dischargeExportedKwh',
  ] as const,
  usage: [
    'consumptionKwh',
    'selfConsumptionPct',
    'selfSufficiencyPct',
    'peakKw',
    'loadFactorPct',
    'loadKwh',
    'fromPvKwh',
    'fromEssKwh',
    'fromGeneratorKwh',
    'fromGridKwh',
    'fuelLitres',
    'fuelCost',
    'gridCost',
    'feedInRevenue',
    'income',
  ] as const,
} as const;

/** The columns of each screen's station table after the station's name, in its order ('prDropped'
 *  and 'rteMethod' are words): the screens' tables and the workbook's station sheets. */
export const ANALYSIS_STATION_COLUMNS = {
  pv: ['rankPr', 'prPct', 'prTempCorrectedPct', 'pr30dPct', 'prDropped', 'rankYield', 'specificYield', 'pvKwh', 'capacityKwp', 'irradiationKwhM2'] as const,
  ess: [
    'chargeKwh',
    'dischargeKwh',
    'rtePct',
    'rteMethod',
    'efc',
    'utilisationPct',
    'sohPct',
    'netRevenue',
    'netArbitrage',
    'demandSavings',
    'dischargeValue',
    'chargeCost',
  ] as const,
  usage: [
    'consumptionKwh',
    'fromPvKwh',
    'fromEssKwh',
    'fromGeneratorKwh',
    'fromGridKwh',
    'selfConsumptionPct',
    'selfSufficiencyPct',
    'peakKw',
    'loadFactorPct',
    'fuelCost',
    'income',
  ] as const,
} as const;

/** The usage screen's tariff-period table: its columns after the period. */
export const TOU_COLUMNS = ['importKwh', 'importCost', 'exportKwh', 'feedInRevenue', 'amount'] as const;
