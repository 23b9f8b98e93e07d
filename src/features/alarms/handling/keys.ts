// Alarm handling codes of the alarm center mapped to the keys of their labels (see
// src/i18n/codeKeys.ts for why maps).
import { WINDOW_STATES } from '../../../../protocol/codes';
import type { MaintenanceWindow, SHELVE_PRESETS } from '../../../../streams/alarms/handling';
import { keysOf } from '../../../i18n/codeKeys';
import type { TKey } from '../../../i18n/i18n';

export const WINDOW_STATE_KEY = keysOf('alarms:handling.windowStates', WINDOW_STATES) satisfies Record<MaintenanceWindow['state'], TKey>;
export const SHELVE_DURATION_KEY = {
  60: 'alarms:handling.durations.60',
  240: 'alarms:handling.durations.240',
  1440: 'alarms:handling.durations.1440',
  custom: 'alarms:handling.durations.custom',
} as const satisfies Record<(typeof SHELVE_PRESETS)[number] | 'custom', TKey>;
