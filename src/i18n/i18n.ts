// i18next over the locales/<lng>/<namespace>.json catalogues. Each namespace is its own chunk,
// fetched when a screen that shows it first renders (useT suspends until then), so the login
// route loads only `common` and `auth`. A language change reloads the page (SPEC §1): only the
// active language is ever loaded and there is no fallback language.
import i18next, { type BackendModule, type InitOptions, type ParseKeys, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../streams/types';

export const NAMESPACES = [
  'common',
  'auth',
  'home',
  'monitor',
  'station',
  'alarms',
  'alarmCenter',
  'tariffs',
  'modes',
  'system',
  'analysis',
  'reports',
  'notifications',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
/** Any key of any namespace (`common` bare, others as `ns:key`). */
export type TKey = ParseKeys<typeof NAMESPACES>;
export type TFn = TFunction<typeof NAMESPACES>;
export type TParams = Record<string, string | number>;

const catalogues = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default' });

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, done) {
    const load = catalogues[`../../locales/${lng}/${ns}.json`];
    if (!load) return done(new Error(`no catalogue ${lng}/${ns}`), false);
    load().then(
      (c) => done(null, c),
      (e: unknown) => done(e instanceof Error ? e : new Error(String(e)), false),
    );
  },
};

export const i18n = i18next.createInstance();
i18n.use(lazyCatalogues).use(initReactI18next);

const OPTIONS = {
  fallbackLng: false,
  load: 'currentOnly',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: true },
} as const satisfies InitOptions;

const fixedT = i18n.getFixedT(null, NAMESPACES) as unknown as (...args: unknown[]) => unknown;
/** Texts of keys asked without options, by key: a list of a thousand rows asks the same few
 *  labels thousands of times, and i18next resolves each ask afresh (namespaces, separators, the
 *  store). Emptied whenever the store or the language changes. */
const plainTexts = new Map<string, unknown>();
let watchedStore: unknown = null;
i18n.on('languageChanged', () => plainTexts.clear());

/** The translator of every namespace; the language is the page's (fixed until a reload). */
export const t: TFn = ((key: unknown, ...rest: unknown[]) => {
  if (rest.length > 0 || typeof key !== 'string') return fixedT(key, ...rest);
  if (watchedStore !== i18n.store) {
    watchedStore = i18n.store;
    plainTexts.clear();
    i18n.store?.on('added', () => plainTexts.clear());
    i18n.store?.on('removed', () => plainTexts.clear());
  }
  let text = plainTexts.get(key);
  if (text === undefined) plainTexts.set(key, (text = fixedT(key)));
  return text;
}) as unknown as TFn;

export async function initI18n(lng: Language): Promise<void> {
  await i18n.init({ ...OPTIONS, lng, ns: ['common'] });
  document.documentElement.lang = lng === 'zh' ? 'zh-CN' : 'en';
}

/** Installs catalogues already in memory (tests, tools), replacing the language. */
export function installCatalogues(lng: Language, bundles: Partial<Record<Namespace, object>>): void {
  if (!i18n.isInitialized) void i18n.init({ ...OPTIONS, lng, ns: [], resources: {}, initAsync: false });
  for (const [ns, bundle] of Object.entries(bundles)) i18n.addResourceBundle(lng, ns, bundle, true, true);
  void i18n.changeLanguage(lng);
}
