// Station screens' codes mapped to label keys (see codeKeys.ts for why maps).
import type { Period } from '../../protocol/codes';
import type { TKey } from './i18n';

export const QUALITY_KEY = { good: 'station:quality.good', stale: 'station:quality.stale', bad: 'station:quality.bad' } as const satisfies Record<string, TKey>;

export const FLOW_NODE_KEY = {
  pv: 'station:overview.node.pv',
  ess: 'station:overview.node.ess',
  grid: 'station:overview.node.grid',
  generator: 'station:overview.node.generator',
  load: 'station:overview.node.load',
  charging: 'station:overview.node.charging',
  bus: 'station:overview.node.bus',
} as const satisfies Record<string, TKey>;

export const TREND_PRESET_KEY = {
  h1: 'station:trend.h1',
  h6: 'station:trend.h6',
  d1: 'station:trend.d1',
  d7: 'station:trend.d7',
  d30: 'station:trend.d30',
} as const satisfies Record<string, TKey>;

export const TARIFF_PERIOD_KEY = {
  sharp: 'station:trend.period.sharp',
  peak: 'station:trend.period.peak',
  flat: 'station:trend.period.flat',
  valley: 'station:trend.period.valley',
} as const satisfies Record<Period, TKey>;

/** Strategy issue status by code: 0 pending, 1 success, 2 failed. */
export const ISSUE_STATUS_KEY = ['station:trend.issue.pending', 'station:trend.issue.success', 'station:trend.issue.failed'] as const satisfies readonly TKey[];

export const SWITCH_OP_KEY = {
  enablePeakShaving: 'station:trend.switchOp.enablePeakShaving',
  shutDownPeakShaving: 'station:trend.switchOp.shutDownPeakShaving',
  enableIsland: 'station:trend.switchOp.enableIsland',
  shutDownIsland: 'station:trend.switchOp.shutDownIsland',
} as const satisfies Record<string, TKey>;

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
