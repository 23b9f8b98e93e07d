// Texts of the mode screens that depend on a code: error prompts, issue and dispatch states.
import { STRATEGY_KINDS, SWITCH_OPERATIONS, type SwitchOperation } from '../../../protocol/codes';
import { ISLAND_FIELDS, PEAK_FIELDS } from '../../../protocol/strategy-fields';
import type { StationMode, StrategyKind } from '../../../streams/strategies/reads';
import { keysOf } from '../../i18n/codeKeys';
import type { TFn, TKey } from '../../i18n/i18n';
import { ERROR_CODES, type DraftError, type ErrorCode, type NumberField, type StrategyDraft } from './draft';

export const MODE_KEY = keysOf('modes:modes', STRATEGY_KINDS) satisfies Record<StrategyKind, TKey>;
/** What a mode does now (server `queryStationMode`): one runs at a time, an enabled one that does not says why. */
export const MODE_STATE_KEY = {
  running: 'modes:control.running',
  off: 'modes:control.stopped',
  suspendedIslanded: 'modes:control.suspendedIslanded',
  standbyGridUp: 'modes:control.standbyGridUp',
} as const satisfies Record<StationMode['peakShavingState'], TKey>;
export const TAB_KEY = keysOf('modes:tabs', STRATEGY_KINDS) satisfies Record<StrategyKind, TKey>;
export const SUPPLY_PRIORITY_KEY = { pv: 'modes:form.pv', storage: 'modes:form.storage' } as const satisfies Record<
  Exclude<StrategyDraft['supplyPriority'], ''>,
  TKey
>;

const ERROR_KEY = keysOf('modes:errors', ERROR_CODES) satisfies Record<ErrorCode, TKey>;

/** Each field's label; a number field's names its unit. */
export const FIELD_KEY = keysOf('modes:form', ['name', 'startDate', 'endDate', 'supplyPriority', ...PEAK_FIELDS, ...ISLAND_FIELDS]) satisfies Record<
  NumberField | 'name' | 'startDate' | 'endDate' | 'supplyPriority',
  TKey
>;

/** "Please enter <field name without its unit>" for required prompts; the rule's text otherwise. */
export const errorText = (t: TFn, e: DraftError | undefined, field?: TKey): string | null => {
  if (!e) return null;
  const name = field ? t(field).replace(/\s*\(.*\)\s*$/, '') : '';
  return t(ERROR_KEY[e.code] ?? 'modes:errors.failed', { field: name, limit: e.limit ?? '' });
};

export const ISSUE_KEY: Record<number, TKey> = { 0: 'modes:status.0', 1: 'modes:status.1', 2: 'modes:status.2' };
export const DISPATCH_KEY: Record<number, TKey> = { 0: 'modes:switch.st.0', 1: 'modes:switch.st.1', 2: 'modes:switch.st.2' };
export const OPERATION_KEY = keysOf('modes:switch.op', SWITCH_OPERATIONS) satisfies Record<SwitchOperation, TKey>;
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
