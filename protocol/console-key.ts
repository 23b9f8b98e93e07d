// The console's fixed access key (SPEC §7). It ships in the browser bundle, so a signature
// proves integrity and freshness only; identity rests on the session token (SIGNING.md).
export const CONSOLE_ACCESS_KEY_ID = 'ems-console-v1';
export const CONSOLE_ACCESS_KEY_SECRET = 'b6f0c1e4d9a24f7e8c3a5d1e0f9b2c7a';

/** Locale header of SPEC §7: en_GB when the language is en, otherwise zh_CN. */
export const LOCALE_HEADER = 'locale';
export type WireLocale = 'en_GB' | 'zh_CN';
export const wireLocaleOf = (lng: string): WireLocale => (lng === 'en' ? 'en_GB' : 'zh_CN');

/** Required on every API POST; a cross-site HTML form cannot set it (CSRF guard). */
export const CLIENT_HEADER = 'x-ems-client';
export const API_BASE = '/api';
