import { z } from 'zod';
import { actionsOn } from '../action';
import { PERIODS } from '../codes';
import { id, stationMoney } from './common';
import { islandParams, peakShavingParams } from './strategies';

// A predicted day before issuing (docs/strategies.md): the station's own models run the next
// 24 hours under a strategy (stored or a draft) and under what is in force, priced by the tariff.

const viewPerm = ['operationModeManagement.operationModeManagement', 'operationModeManagement.switchRecord'] as const;

export const strategyDraft = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('peakShaving'), params: peakShavingParams }),
  z.object({ kind: z.literal('island'), params: islandParams }),
]);

/** One run of the day: quarter-hour averages from `start`, and its money. */
export const predictedRun = z.object({
  /** capacity-weighted SOC at the end of each quarter hour, %; null without storage */
  soc: z.array(z.number().nullable()),
  /** grid power, kW (+ import, − export) */
  gridKw: z.array(z.number()),
  /** converter power, kW (+ discharge, − charge) */
  essKw: z.array(z.number()),
  importKwh: z.number(),
  exportKwh: z.number(),
  /** grid cost − feed-in revenue + fuel cost, rounded to the cent */
  cost: z.number(),
});

/** The month's demand in one case: its peak (start of the window, ISO-8601 UTC), the billed kW after the ratchet and the demand charges. */
const demandCase = z.object({
  peakKw: z.number().nullable(),
  peakAt: z.string().nullable(),
  peakLocal: z.string().nullable(),
  billedKw: z.number(),
  amount: z.number(),
});

/** The month's demand charges once the predicted day is metered, with the candidate's storage and without any. */
export const predictedDemand = z.object({
  month: z.string(),
  windowMinutes: z.number().int(),
  periods: z.array(z.enum(PERIODS)).nullable(),
  withStorage: demandCase,
  withoutStorage: demandCase,
  /** withoutStorage.amount − withStorage.amount */
  saved: z.number(),
});

const motFleet = actionsOn('mot', 'fleet');

export const strategyPredictActions = {
  predictStrategyDay: motFleet.read(viewPerm, {
    summary:
      "The next 24 hours of a station simulated by its own models under a strategy (a stored one by id, or a draft) and under the one in force: SOC, grid and converter power per quarter hour, and the cost difference priced by the station's tariff.",
    request: z.object({ stationId: id, strategyId: id.optional(), draft: strategyDraft.optional() }),
    response: z.object({
      ...stationMoney,
      /** first quarter hour, ISO-8601 UTC */
      start: z.string(),
      stepMinutes: z.number().int(),
      candidate: predictedRun,
      inForce: predictedRun,
      /** candidate.cost − inForce.cost: negative saves money */
      difference: z.number(),
      /** null when the tariff charges no demand */
      demand: predictedDemand.nullable(),
    }),
  }),
} as const;
