// Web Push on this browser: whether it can, whether it is on, and turning it on (service worker,
// the reader's permission, a subscription to the server's VAPID key, stored for the signed-in
// account) or off. The browser's own APIs are passed in, so the flow runs without a browser too.
import type { Observable } from 'rxjs';
import { ApiFailure, type Api } from '../api/client';
import { command } from '../commands/command';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** The worker file in the console's public folder, served from the root so it controls the whole console. */
export const PUSH_WORKER = '/push-sw.js';

export interface PushBrowser {
  serviceWorker?: ServiceWorkerContainer;
  hasPushManager: boolean;
  permission(): NotificationPermission | 'unsupported';
  requestPermission(): Promise<NotificationPermission>;
}

export const thisBrowser = (): PushBrowser => ({
  serviceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
  hasPushManager: typeof window !== 'undefined' && 'PushManager' in window,
  permission: () => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission),
  requestPermission: () => Notification.requestPermission(),
});

const subscriptionOf = async (b: PushBrowser): Promise<PushSubscription | null> => {
  const reg = await b.serviceWorker?.getRegistration(PUSH_WORKER);
  return (await reg?.pushManager.getSubscription()) ?? null;
};

export async function pushState(b: PushBrowser): Promise<PushState> {
  if (!b.serviceWorker || !b.hasPushManager || b.permission() === 'unsupported') return 'unsupported';
  if (b.permission() === 'denied') return 'denied';
  return (await subscriptionOf(b).catch(() => null)) ? 'on' : 'off';
}

const keyBytes = (base64url: string): Uint8Array => {
  const s = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
};

async function enable(api: Api, b: PushBrowser): Promise<PushState> {
  if (!b.serviceWorker || !b.hasPushManager) return 'unsupported';
  if ((await b.requestPermission()) !== 'granted') return 'denied';
  const reg = await b.serviceWorker.register(PUSH_WORKER, { scope: '/' });
  await b.serviceWorker.ready;
  const { publicKey } = await api.call('queryPushKey', {}, { quiet: true });
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) as BufferSource });
  const json = sub.toJSON();
  await api.call('savePushSubscription', { endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } }, { quiet: true });
  return 'on';
}

async function disable(api: Api, b: PushBrowser): Promise<PushState> {
  const sub = await subscriptionOf(b);
  if (sub) {
    // forgotten by the server first: a browser left subscribed but unknown gets nothing anyway
    await api.call('deletePushSubscription', { endpoint: sub.endpoint }, { quiet: true }).catch(() => undefined);
    await sub.unsubscribe();
  }
  return 'off';
}

export interface PushOutcome {
  state: PushState;
  /** what the browser said when it refused (no push service, a blocked permission prompt) */
  browserError: string | null;
}

/** Turns push on (`true`) or off (`false`) on this browser; the outcome is the new state. A
 *  refusal of the server fails the command; the browser's own refusal is reported with its text. */
export const setPush$ = (api: Api, on$: Observable<boolean>, b: PushBrowser = thisBrowser()) =>
  command(on$, async (on): Promise<PushOutcome> => {
    try {
      return { state: await (on ? enable(api, b) : disable(api, b)), browserError: null };
    } catch (e) {
      if (e instanceof ApiFailure) throw e;
      return { state: await pushState(b), browserError: e instanceof Error ? e.message : String(e) };
    }
  });
