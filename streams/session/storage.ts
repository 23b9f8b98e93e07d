// SPEC §3 persistence: token in a cookie and local storage, profile, current org and language
// in local storage, the sidebar state in a cookie as 1/0. Storage is injected (tests use maps).
import type { StoreEvent } from '../events';
import type { Store } from '../store';
import type { Language, Org, Profile } from '../types';
import { distinctUntilChanged, map, type Subscription } from 'rxjs';

export interface KeyValue {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}
export interface SessionStorages {
  local: KeyValue;
  cookie: KeyValue;
  /** session storage: station-detail ids (SPEC §2) */
  session: KeyValue;
}

export const KEYS = {
  token: 'accessToken',
  profile: 'userProfile',
  currentOrg: 'currentOrg',
  language: 'language',
  sidebar: 'sidebarStatus',
} as const;

const parse = <T>(s: string | null): T | null => {
  if (!s) return null;
  try {
    return JSON.parse(s) as T;
  } catch {
    return null;
  }
};

export const isLanguage = (s: unknown): s is Language => s === 'zh' || s === 'en';

/** SPEC §1: stored choice, else the browser language, Chinese as fallback. */
export const pickLanguage = (stored: string | null, browser: readonly string[]): Language => {
  if (isLanguage(stored)) return stored;
  for (const b of browser) {
    const l = b.toLowerCase();
    if (l.startsWith('zh')) return 'zh';
    if (l.startsWith('en')) return 'en';
  }
  return 'zh';
};

export function restoredEvent(st: SessionStorages, browserLanguages: readonly string[]): StoreEvent {
  const token = st.local.get(KEYS.token) ?? st.cookie.get(KEYS.token);
  const profile = parse<Profile>(st.local.get(KEYS.profile));
  return {
    type: 'session/restored',
    token: token || null,
    profile: profile && typeof profile === 'object' && Array.isArray(profile.permissions) ? profile : null,
    currentOrg: parse<Org>(st.local.get(KEYS.currentOrg)),
    language: pickLanguage(st.local.get(KEYS.language), browserLanguages),
    sidebarOpen: st.cookie.get(KEYS.sidebar) !== '0',
  };
}

/** Writes session changes back to storage; returns the subscription. */
export function persistSession(store: Store, st: SessionStorages): Subscription {
  const sub = store
    .select((s) => s.session.token)
    .subscribe((token) => {
      if (token) {
        st.local.set(KEYS.token, token);
        st.cookie.set(KEYS.token, token);
      } else {
        st.local.remove(KEYS.token);
        st.cookie.remove(KEYS.token);
      }
    });
  sub.add(
    store
      .select((s) => s.session.profile)
      .subscribe((p) => {
        if (p) st.local.set(KEYS.profile, JSON.stringify(p));
        else if (!store.getState().session.token) st.local.remove(KEYS.profile);
      }),
  );
  sub.add(
    store
      .select((s) => s.session.currentOrg)
      .subscribe((o) => {
        if (o) st.local.set(KEYS.currentOrg, JSON.stringify(o));
        else st.local.remove(KEYS.currentOrg);
      }),
  );
  sub.add(
    store.state$
      .pipe(
        map((s) => s.session.sidebarOpen),
        distinctUntilChanged(),
      )
      .subscribe((open) => st.cookie.set(KEYS.sidebar, open ? '1' : '0')),
  );
  sub.add(store.select((s) => s.session.language).subscribe((l) => st.local.set(KEYS.language, l)));
  return sub;
}
