// Shared value types of the store. Wire types come from protocol/ as types only, so zod never
// reaches the bundle through here.
import type { Profile } from '../protocol/actions/identity';
import type { AlarmPush, AlarmCategory } from '../protocol/push';

export type { Profile, AlarmPush, AlarmCategory };
export type Language = 'zh' | 'en';
export interface Org {
  id: number;
  name: string;
}
/** A message for the message bar: an i18n key (+ params), or raw server text (SPEC §8: 500). */
export type MessageText =
  | { key: string; params?: Record<string, string | number> }
  | { raw: string; prefixKey?: string };
export type MessageType = 'error' | 'success';

/** SPEC §4: 35003 shows a pop-up and plays the category's sound. Mirrors ACTION_WAY.popupWithSound
 *  of protocol/push.ts without importing it at runtime (it pulls zod). */
export const ACTION_WAY_SOUND = 35003 as const satisfies (typeof import('../protocol/push'))['ACTION_WAY']['popupWithSound'];
export const ACTION_WAY_POPUP = 35002 as const satisfies (typeof import('../protocol/push'))['ACTION_WAY']['popup'];
export const CATEGORIES = ['event', 'protection', 'alarm', 'fault'] as const satisfies readonly AlarmCategory[];
