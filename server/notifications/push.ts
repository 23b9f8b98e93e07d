import webPush from 'web-push';
import type { Queryable } from '../db/db';
import type { Vapid } from './vapid';

// Browsers subscribed to Web Push, per account, and one message to one of them. The message is
// encrypted to the browser's keys and signed with the server's VAPID key by the `web-push`
// library; it is sent with fetch, which takes the push service's answer as it is.

export interface PushSubscriptionRow {
  id: number;
  accountId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export const subscriptionsOf = (db: Queryable, accountId: number) =>
  db.query<PushSubscriptionRow>('SELECT id, account_id AS "accountId", endpoint, p256dh, auth FROM push_subscriptions WHERE account_id = $1 ORDER BY id', [
    accountId,
  ]);

/** Stores a browser's subscription for an account; the same endpoint subscribed again moves to it. */
export const saveSubscription = async (
  db: Queryable,
  accountId: number,
  s: { endpoint: string; p256dh: string; auth: string; userAgent: string | null },
  now: number,
) => {
  await db.query(
    `INSERT INTO push_subscriptions (account_id, endpoint, p256dh, auth, user_agent, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (endpoint) DO UPDATE SET account_id = EXCLUDED.account_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, user_agent = EXCLUDED.user_agent, created_at = EXCLUDED.created_at`,
    [accountId, s.endpoint, s.p256dh, s.auth, s.userAgent, new Date(now)],
  );
};

/** Forgets a subscription of the account; answers whether there was one. */
export const deleteSubscription = async (db: Queryable, accountId: number, endpoint: string): Promise<boolean> =>
  (await db.query<{ id: number }>('DELETE FROM push_subscriptions WHERE account_id = $1 AND endpoint = $2 RETURNING id', [accountId, endpoint])).length > 0;

export const dropSubscription = (db: Queryable, id: number) => db.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
export const markSent = (db: Queryable, id: number, now: number) =>
  db.query('UPDATE push_subscriptions SET last_sent_at = $2 WHERE id = $1', [id, new Date(now)]);

/** The push service says the subscription is gone for good (the browser unsubscribed or expired). */
export class PushGone extends Error {}

export interface PushMessage {
  subscription: { endpoint: string; p256dh: string; auth: string };
  /** JSON the service worker shows (title, body, tag, path) */
  payload: string;
  /** seconds a push service keeps it for a browser that is offline */
  ttl: number;
}

export const sendPush = async (vapid: Vapid, m: PushMessage, timeoutMs: number): Promise<void> => {
  const req = webPush.generateRequestDetails(
    { endpoint: m.subscription.endpoint, keys: { p256dh: m.subscription.p256dh, auth: m.subscription.auth } },
    m.payload,
    { vapidDetails: vapid, TTL: m.ttl, contentEncoding: 'aes128gcm', urgency: 'high' },
  );
  const res = await fetch(req.endpoint, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: req.body ? new Uint8Array(req.body) : null,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text().catch(() => '');
  if (res.status === 404 || res.status === 410) throw new PushGone(`the push service answered HTTP ${res.status}: the subscription is gone`);
  if (res.status < 200 || res.status > 299) throw new Error(`the push service answered HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
};
