// A ~1 KB translator over the locales/ JSON catalogues, with i18next's key conventions
// (nested keys, {{name}} interpolation, _one/_other plurals). Why not i18next: the login route
// must stay within 100 KiB gzip (issue 4 bench) and i18next + react-i18next alone cost ~17 KiB
// there. A language change reloads the page (SPEC §1), so only the active catalogue is loaded
// and the translator is a module singleton: no provider, no re-render machinery.
import type { Language } from '../../streams/types';
import type { TKey } from './keys';

type Catalogue = { [k: string]: string | Catalogue };
export type TParams = Record<string, string | number>;
export type TFn = (key: TKey, params?: TParams) => string;

const catalogues = {
  en: () => import('../../locales/en/common.json'),
  zh: () => import('../../locales/zh/common.json'),
} as const;

let dict: Catalogue = {};
let language: Language = 'zh';
let plural = new Intl.PluralRules('zh');

const lookup = (key: string): string | undefined => {
  let node: string | Catalogue | undefined = dict;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
};

/** The text of a key built at run time (alarm rule codes), or undefined when the catalogue lacks it. */
export const lookupText = (key: string): string | undefined => lookup(key);

/** The string leaves directly under `key` (e.g. every rule name), {} when there is none. */
export function lookupObject(key: string): Record<string, string> {
  let node: string | Catalogue | undefined = dict;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'object') return {};
  return Object.fromEntries(Object.entries(node).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export const interpolate = (s: string, params: TParams = {}): string =>
  s.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => (name in params ? String(params[name]) : m));

export const t: TFn = (key, params) => {
  let s: string | undefined;
  if (params && typeof params.count === 'number') s = lookup(`${key}_${plural.select(params.count)}`) ?? lookup(`${key}_other`);
  s ??= lookup(key);
  if (s === undefined) {
    if (import.meta.env?.DEV) console.warn(`[i18n] missing key ${key}`);
    return key;
  }
  return interpolate(s, params);
};

/** Loads a catalogue directly (tests, tools). */
export function useCatalogue(lng: Language, c: Catalogue): void {
  dict = c;
  language = lng;
  plural = new Intl.PluralRules(lng === 'zh' ? 'zh-CN' : 'en-GB');
}

export async function initI18n(lng: Language): Promise<void> {
  useCatalogue(lng, (await catalogues[lng]()).default as Catalogue);
  document.documentElement.lang = lng === 'zh' ? 'zh-CN' : 'en';
}

export const currentLanguage = (): Language => language;
