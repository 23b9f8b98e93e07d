// Texts of the mode screens that depend on a code: error prompts, issue and dispatch states.
import type { StationMode, StrategyKind } from '../../../streams/strategies/reads';
import { ISLAND_FIELDS, PEAK_FIELDS } from '../../../protocol/strategy-fields';
import { keysUnder } from '../../i18n/codeKeys';
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

const ERROR_KEY = keysUnder('modes:errors.', [
  'required',
  'number',
  'socRange',
  'emergencyRange',
  'voltageRange',
  'tooBig',
  'tooSmall',
  'timeError',
  'periodsRequired',
  'stationType',
  'dateOverlap',
  'failed',
]) satisfies Record<ErrorCode, TKey>;

export const FIELD_KEY = keysUnder('modes:form.', ['name', 'startDate', 'endDate', 'supplyPriority', ...PEAK_FIELDS, ...ISLAND_FIELDS]) satisfies Record<
  NumberField | 'name' | 'startDate' | 'endDate' | 'supplyPriority',
  TKey
>;

/** "Please enter <field name without its unit>" for required prompts; the rule's text otherwise. */
export const errorText = (t: TFn, e: DraftError | undefined, field?: TKey): string | null => {
  if (!e) return null;
  const name = field ? t(field).replace(/\s*\(.*\)\s*$/, '') : '';
  return t(ERROR_KEY[e.code] ?? 'modes:errors.failed', { field: name, limit: e.limit ?? '' });
};

export const ISSUE_KEY: Record<number, TKey> = keysUnder('modes:status.', [0, 1, 2]);
export const DISPATCH_KEY: Record<number, TKey> = keysUnder('modes:switch.st.', [0, 1, 2]);
export const OPERATION_KEY: Record<string, TKey> = keysUnder('modes:switch.op.', [
  'enablePeakShaving',
  'shutDownPeakShaving',
  'enableIsland',
  'shutDownIsland',
]);
/** A refusal's reason code (conflict `data.reason`) as a sentence. */
export const REASON_KEY: Record<string, TKey> = keysUnder('modes:errors.', [
  'dispatchPending',
  'switchPending',
  'noIssuedStrategy',
  'modeEnabled',
  'dateOverlap',
]);
export const STATUS_TONE: Record<number, string> = {
  0: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  1: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
  2: 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300',
};
