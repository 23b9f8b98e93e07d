// Station screens' codes mapped to label keys (see codeKeys.ts for why maps).
import { PERIODS, type Period } from '../../protocol/codes';
import { keysUnder } from './codeKeys';
import type { TKey } from './i18n';

export const QUALITY_KEY = keysUnder('station:quality.', ['good', 'stale', 'bad']) satisfies Record<string, TKey>;

export const FLOW_NODE_KEY = keysUnder('station:overview.node.', ['pv', 'ess', 'grid', 'generator', 'load', 'charging', 'bus']) satisfies Record<string, TKey>;

export const TREND_PRESET_KEY = keysUnder('station:trend.', ['h1', 'h6', 'd1', 'd7', 'd30']) satisfies Record<string, TKey>;

export const TARIFF_PERIOD_KEY = keysUnder('station:trend.period.', PERIODS) satisfies Record<Period, TKey>;

/** Strategy issue status by code: 0 pending, 1 success, 2 failed. */
export const ISSUE_STATUS_KEY = ['station:trend.issue.pending', 'station:trend.issue.success', 'station:trend.issue.failed'] as const satisfies readonly TKey[];

export const SWITCH_OP_KEY = keysUnder('station:trend.switchOp.', [
  'enablePeakShaving',
  'shutDownPeakShaving',
  'enableIsland',
  'shutDownIsland',
]) satisfies Record<string, TKey>;

export const RESOLUTION_KEY = keysUnder('station:trend.res.', ['raw', '1m', '15m', '1d']) satisfies Record<string, TKey>;

export const ALARM_LOG_COLUMN_KEYS = [
  'station:alarmLog.site',
  'station:alarmLog.equipmentType',
  'station:alarmLog.deviceName',
  'station:alarmLog.type',
  'station:alarmLog.status',
  'station:alarmLog.content',
  'station:alarmLog.alarmTime',
  'station:alarmLog.recoveryTime',
] as const satisfies readonly TKey[];
