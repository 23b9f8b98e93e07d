// Shared value types of the store. Wire types come from protocol/ as types only and code lists
// from protocol/codes.ts, which imports nothing, so zod never reaches the bundle through here.
import type { Profile } from '../protocol/actions/identity';
import type { AlarmPush, AlarmCategory } from '../protocol/push';
import { ACTION_WAY, ALARM_CATEGORIES } from '../protocol/codes';

export type { Profile, AlarmPush, AlarmCategory };
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export interface Org {
  id: number;
  name: string;
}
/** A message for the message bar: an i18n key (+ params), or raw server text (SPEC §8: 500). */
export type MessageText = { key: string; params?: Record<string, string | number> } | { raw: string; prefixKey?: string };
export type MessageType = 'error' | 'success';

/** SPEC §4: 35003 shows a pop-up and plays the category's sound. */
export const ACTION_WAY_SOUND = ACTION_WAY.popupWithSound;
export const CATEGORIES = ALARM_CATEGORIES;
