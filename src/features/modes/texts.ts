// Texts of the mode screens that depend on a code: error prompts, issue and dispatch states.
import type { StationMode, StrategyKind } from '../../../streams/strategies/reads';
import type { TFn, TKey } from '../../i18n/i18n';
import type { DraftError, ErrorCode, NumberField, StrategyDraft } from './draft';

export const MODE_KEY = { peakShaving: 'modes:modes.peakShaving', island: 'modes:modes.island' } as const satisfies Record<StrategyKind, TKey>;
/** What a mode does now (server `queryStationMode`): one runs at a time, an enabled one that does not says why. */
export const MODE_STATE_KEY = {
  running: 'modes:control.running',
  off: 'modes:control.stopped',
  suspendedIslanded: 'modes:control.suspendedIslanded',
  standbyGridUp: 'modes:control.standbyGridUp',
} as const satisfies Record<StationMode['peakShavingState'], TKey>;
export const TAB_KEY = { peakShaving: 'modes:tabs.peakShaving', island: 'modes:tabs.island' } as const satisfies Record<StrategyKind, TKey>;
export const SUPPLY_PRIORITY_KEY = { pv: 'modes:form.pv', storage: 'modes:form.storage' } as const satisfies Record<
  Exclude<StrategyDraft['supplyPriority'], ''>,
  TKey
>;

const ERROR_KEY: Record<ErrorCode, TKey> = {
  required: 'modes:errors.required',
  number: 'modes:errors.number',
  socRange: 'modes:errors.socRange',
  emergencyRange: 'modes:errors.emergencyRange',
  voltageRange: 'modes:errors.voltageRange',
  tooBig: 'modes:errors.tooBig',
  tooSmall: 'modes:errors.tooSmall',
  timeError: 'modes:errors.timeError',
  periodsRequired: 'modes:errors.periodsRequired',
  stationType: 'modes:errors.stationType',
  dateOverlap: 'modes:errors.dateOverlap',
  failed: 'modes:errors.failed',
};

export const FIELD_KEY: Record<NumberField | 'name' | 'startDate' | 'endDate' | 'supplyPriority', TKey> = {
  name: 'modes:form.name',
  startDate: 'modes:form.startDate',
  endDate: 'modes:form.endDate',
  supplyPriority: 'modes:form.supplyPriority',
  socUpper: 'modes:form.socUpper',
  socLower: 'modes:form.socLower',
  cellVoltageUpper: 'modes:form.cellVoltageUpper',
  cellVoltageLower: 'modes:form.cellVoltageLower',
  demandLimitKw: 'modes:form.demandLimitKw',
  antiBackflowKw: 'modes:form.antiBackflowKw',
  antiOverloadKw: 'modes:form.antiOverloadKw',
  offGridSocUpper: 'modes:form.offGridSocUpper',
  offGridSocLower: 'modes:form.offGridSocLower',
  emergencySoc: 'modes:form.emergencySoc',
  optimalGeneratorPowerKw: 'modes:form.optimalGeneratorPowerKw',
  essChargingPowerLimitKw: 'modes:form.essChargingPowerLimitKw',
  inverterPowerStepPct: 'modes:form.inverterPowerStepPct',
  inverterShutdownThresholdPct: 'modes:form.inverterShutdownThresholdPct',
  dgBackflowLimitKw: 'modes:form.dgBackflowLimitKw',
  onGridChargingPowerKw: 'modes:form.onGridChargingPowerKw',
  onGridChargingCutoffSoc: 'modes:form.onGridChargingCutoffSoc',
};

/** "Please enter <field name without its unit>" for required prompts; the rule's text otherwise. */
export const errorText = (t: TFn, e: DraftError | undefined, field?: TKey): string | null => {
  if (!e) return null;
  const name = field ? t(field).replace(/\s*\(.*\)\s*$/, '') : '';
  return t(ERROR_KEY[e.code] ?? 'modes:errors.failed', { field: name, limit: e.limit ?? '' });
};

export const ISSUE_KEY: Record<number, TKey> = { 0: 'modes:status.0', 1: 'modes:status.1', 2: 'modes:status.2' };
export const DISPATCH_KEY: Record<number, TKey> = { 0: 'modes:switch.st.0', 1: 'modes:switch.st.1', 2: 'modes:switch.st.2' };
export const OPERATION_KEY: Record<string, TKey> = {
  enablePeakShaving: 'modes:switch.op.enablePeakShaving',
  shutDownPeakShaving: 'modes:switch.op.shutDownPeakShaving',
  enableIsland: 'modes:switch.op.enableIsland',
  shutDownIsland: 'modes:switch.op.shutDownIsland',
};
/** A refusal's reason code (conflict `data.reason`) as a sentence. */
export const REASON_KEY: Record<string, TKey> = {
  dispatchPending: 'modes:errors.dispatchPending',
  switchPending: 'modes:errors.switchPending',
  noIssuedStrategy: 'modes:errors.noIssuedStrategy',
  modeEnabled: 'modes:errors.modeEnabled',
  dateOverlap: 'modes:errors.dateOverlap',
};
export const STATUS_TONE: Record<number, string> = {
  0: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  1: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
  2: 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300',
};
