// DOM-backed KeyValue adapters (cookie, localStorage, sessionStorage).
import type { KeyValue, SessionStorages } from './storage';

const web = (s: () => Storage): KeyValue => ({
  get: (k) => {
    try {
      return s().getItem(k);
    } catch {
      return null;
    }
  },
  set: (k, v) => {
    try {
      s().setItem(k, v);
    } catch {
      /* quota or privacy mode: the session lives in memory */
    }
  },
  remove: (k) => {
    try {
      s().removeItem(k);
    } catch {
      /* ignore */
    }
  },
});

export const cookieStore: KeyValue = {
  get(k) {
    const hit = document.cookie.split('; ').find((c) => c.startsWith(k + '='));
    return hit ? decodeURIComponent(hit.slice(k.length + 1)) : null;
  },
  set(k, v) {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${k}=${encodeURIComponent(v)}; Path=/; Max-Age=${60 * 60 * 24 * 30}; SameSite=Lax${secure}`;
  },
  remove(k) {
    document.cookie = `${k}=; Path=/; Max-Age=0; SameSite=Lax`;
  },
};

export const browserStorages = (): SessionStorages => ({
  local: web(() => localStorage),
  cookie: cookieStore,
  session: web(() => sessionStorage),
});
