import { z } from 'zod';
import { actionsOn } from '../action';
import { STRATEGY_KINDS } from '../codes';
import { id, isoDate, isoTime, length, nonEmpty, ok, page, pageOf, recordById } from './common';

// Operation-mode strategies (SPEC §3): peak-load shifting and island mode. Every limit is
// required (SPEC §5); bounds are our decision, documented in docs/api.md via the schema.

const soc = z.number().min(0).max(100);
const kw = z.number().min(0).max(100_000);
const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'timeError');
const strategyKind = z.enum(STRATEGY_KINDS);
/** What a control mode does now: running, shut down, enabled but suspended while the station is islanded, enabled and standing by for a grid outage. */
export const MODE_STATES = ['running', 'off', 'suspendedIslanded', 'standbyGridUp'] as const;
const modeState = z.enum(MODE_STATES);

/** The SOC band both modes keep the storage in; `socBandHolds` checks its order. */
const socBand = { socUpper: soc, socLower: soc };
const socBandHolds = (p: { socUpper: number; socLower: number }): boolean => p.socLower < p.socUpper;

export const strategyPeriod = z.object({
  start: HHMM,
  end: HHMM,
  mode: z.enum(['charge', 'discharge', 'idle']),
  powerKw: kw,
});

export const peakShavingParams = z
  .object({
    ...socBand,
    cellVoltageUpper: z.number().min(1).max(5),
    cellVoltageLower: z.number().min(1).max(5),
    demandLimitKw: kw,
    antiBackflowKw: kw,
    antiOverloadKw: kw,
    offGridSocUpper: soc,
    offGridSocLower: soc,
    emergencySoc: soc,
    supplyPriority: z.enum(['pv', 'storage']),
    periods: z.array(strategyPeriod).min(1).max(48),
  })
  .refine(socBandHolds, { message: 'socRange', path: ['socLower'] })
  .refine((p) => p.offGridSocLower < p.offGridSocUpper, { message: 'socRange', path: ['offGridSocLower'] })
  .refine((p) => p.cellVoltageLower < p.cellVoltageUpper, { message: 'voltageRange', path: ['cellVoltageLower'] });

export const islandParams = z
  .object({
    ...socBand,
    optimalGeneratorPowerKw: kw,
    essChargingPowerLimitKw: kw,
    inverterPowerStepPct: z.number().min(0.1).max(100),
    inverterShutdownThresholdPct: z.number().min(0).max(100),
    dgBackflowLimitKw: kw,
    onGridChargingPowerKw: kw,
    onGridChargingCutoffSoc: soc,
  })
  .refine(socBandHolds, { message: 'socRange', path: ['socLower'] });

export const strategy = z.object({
  strategyId: z.number().int(),
  stationId: z.number().int(),
  kind: strategyKind,
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  params: z.record(z.string(), z.unknown()),
  issueStatus: z.number().int().min(0).max(2),
  updatedAt: z.string(),
});

export const distributionRecord = z.object({
  distributionId: z.number().int(),
  strategyId: z.number().int(),
  strategyName: z.string(),
  stationId: z.number().int(),
  status: z.number().int().min(0).max(2),
  reason: z.string().nullable(),
  operator: z.string().nullable(),
  issuedAt: z.string(),
  ackedAt: z.string().nullable(),
  snapshot: z.record(z.string(), z.unknown()).optional(),
  /** first station report after the acknowledgement (the detail only) */
  followedAt: z.string().nullable().optional(),
});

export const switchRecord = z.object({
  recordId: z.number().int(),
  stationId: z.number().int(),
  time: z.string(),
  /** code: one of SWITCH_OPERATIONS (codes.ts); a string, so a console shows a newer code as itself */
  operation: z.string(),
  /** 0 pending, 1 dispatch successful, 2 dispatch failed */
  status: z.number().int().min(0).max(2),
  operator: z.string().nullable(),
  reason: z.string().nullable(),
});

const viewPerm = ['operationModeManagement.operationModeManagement', 'operationModeManagement.switchRecord'] as const;

const mot = actionsOn('mot');
const motFleet = actionsOn('mot', 'fleet');

export const strategyActions = {
  queryStrategyList: mot.read(viewPerm, {
    summary: 'Strategies of a station, of one kind or both (deleted ones are left out).',
    request: z.object({ stationId: id, kind: strategyKind.optional(), page, length }),
    response: pageOf(strategy),
  }),
  queryStrategyById: mot.read(viewPerm, recordById('One strategy with all its parameters.', 'strategyId', strategy)),
  savePeakShavingStrategy: mot.write('strategy.edit', {
    summary: 'Create or edit a peak-load shifting strategy; editing resets its issue status to not issued.',
    request: z.object({ stationId: id, strategyId: id.optional(), name: nonEmpty(100), startDate: isoDate, endDate: isoDate, params: peakShavingParams }),
    response: z.object({ strategyId: z.number().int() }),
  }),
  saveIslandStrategy: mot.write('strategy.edit', {
    summary: 'Create or edit an island-mode strategy; editing resets its issue status to not issued.',
    request: z.object({ stationId: id, strategyId: id.optional(), name: nonEmpty(100), startDate: isoDate, endDate: isoDate, params: islandParams }),
    response: z.object({ strategyId: z.number().int() }),
  }),
  deleteStrategy: mot.write('strategy.edit', recordById('Delete a strategy (soft delete; its distribution records stay).', 'strategyId', ok)),
  issueStrategy: motFleet.write(
    'strategy.issue',
    recordById(
      'Send a strategy to the station gateway; answers the pending distribution record, the gateway acknowledges later.',
      'strategyId',
      distributionRecord,
    ),
  ),
  queryDistributionRecords: mot.read(viewPerm, {
    summary: 'Issuance records of a station or of one strategy, newest first; optionally issued in [from, to).',
    request: z.object({ stationId: id, strategyId: id.optional(), from: isoTime.optional(), to: isoTime.optional(), page, length }),
    response: pageOf(distributionRecord),
  }),
  queryDistributionRecordById: mot.read(
    viewPerm,
    recordById('One issuance record with the strategy snapshot that was sent.', 'distributionId', distributionRecord),
  ),
  queryStationMode: mot.read(viewPerm, {
    summary:
      'Whether peak shaving and island operation are enabled at a station, and what each does now: one runs at a time (peak shaving on the grid, island operation off it); an enabled mode that does not run says why.',
    request: z.object({ stationId: id }),
    response: z.object({
      peakShavingEnabled: z.boolean(),
      islandEnabled: z.boolean(),
      peakShavingState: modeState,
      islandState: modeState,
      updatedAt: z.string(),
    }),
  }),
  setControlMode: motFleet.write('strategy.control', {
    summary:
      "Enable or shut down peak shaving or island operation (after the console's confirmation); dispatched to the gateway and recorded as a switch record.",
    request: z.object({ stationId: id, mode: strategyKind, enabled: z.boolean() }),
    response: switchRecord,
  }),
  querySwitchRecords: mot.read(viewPerm, {
    summary: 'Mode switch records of a station, newest first (Operation History); optionally made in [from, to).',
    request: z.object({ stationId: id, from: isoTime.optional(), to: isoTime.optional(), page, length }),
    response: pageOf(switchRecord),
  }),
} as const;
