import { z } from 'zod';
import { actionsOn } from '../action';
import { demandPeak } from './report-shapes';
import { id, stationMoney } from './common';

// Peak shaving's money (docs/strategies.md, "Peak demand"): the month's import peak so far over
// the tariff's demand window, the billed kW after the ratchet and its charge, priced by the same
// functions as the bill; and the peak alarm's margin, set per station.

/** One demand charge of the month so far; `pricePerKw` null when the tariff charges no demand (15-minute windows shown). */
export const monthDemand = demandPeak.extend({
  billedKw: z.number(),
  pricePerKw: z.number().nullable(),
  amount: z.number().nullable(),
});

/** Margin in % of the reference (the month's peak so far, or `targetKw` when set); null: no alarm. */
const marginPct = z
  .number({ error: 'marginFormat' })
  .refine((v) => Number.isInteger(v) && v >= 50 && v <= 100, 'marginRange')
  .nullable();
const targetKw = z
  .number({ error: 'targetFormat' })
  .refine((v) => v > 0 && v <= 1_000_000 && Math.abs(Math.round(v * 10) - v * 10) < 1e-6, 'targetFormat')
  .nullable();

export const peakAlarmSetting = z.object({ marginPct, targetKw });

const live = actionsOn('energystorage', 'fleet');
const viewPerm = ['overviewStations.overviewStations', 'operationModeManagement.operationModeManagement'] as const;

export const peakDemandActions = {
  queryStationPeakDemand: live.read(viewPerm, {
    summary:
      "This month's import peak so far over the tariff's demand window(s), on the station's clock, with the billed kW after the ratchet and the charge so far; and the station's peak alarm setting.",
    request: z.object({ stationId: id }),
    response: z.object({
      ...stationMoney,
      /** the station's month now, 'YYYY-MM' */
      month: z.string(),
      demand: z.array(monthDemand),
      alarm: peakAlarmSetting,
    }),
  }),
  savePeakAlarm: live.write('station.edit', {
    summary:
      "Sets the station's peak alarm: raised when the current demand window's average import reaches `marginPct` % of the month's peak so far (or of `targetKw`); `marginPct` null or absent switches it off; `targetKw` null or absent: the month's peak is the reference.",
    request: z.object({ stationId: id, marginPct: marginPct.optional(), targetKw: targetKw.optional() }),
    response: z.null(),
  }),
} as const;
