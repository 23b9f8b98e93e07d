// Station screens' codes mapped to label keys (see codeKeys.ts for why maps).
import { POINT_QUALITIES, SWITCH_OPERATIONS, type PointQuality, type SwitchOperation } from '../../protocol/codes';
import { keysOf } from './codeKeys';
import type { TKey } from './i18n';

export const QUALITY_KEY = keysOf('station:quality', POINT_QUALITIES) satisfies Record<PointQuality, TKey>;

/** Strategy issue status by code: 0 pending, 1 success, 2 failed. */
export const ISSUE_STATUS_KEY = ['station:trend.issue.pending', 'station:trend.issue.success', 'station:trend.issue.failed'] as const satisfies readonly TKey[];

export const SWITCH_OP_KEY = keysOf('station:trend.switchOp', SWITCH_OPERATIONS) satisfies Record<SwitchOperation, TKey>;

export const RESOLUTION_KEY = {
  raw: 'station:trend.res.raw',
  '1m': 'station:trend.res.1m',
  '15m': 'station:trend.res.15m',
  '1d': 'station:trend.res.1d',
} as const satisfies Record<string, TKey>;

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
