import type { Queryable } from '../db/db';
import type { Channels } from './channels';
import type { Rendered } from './messages';
import type { Claimed } from './outbox';
import { dropSubscription, markSent, PushGone, subscriptionsOf } from './push';
import type { Vapid } from './vapid';

// A push delivery to every browser its account has subscribed. It counts as sent when at least
// one browser's push service accepted it: trying again would repeat it on those that did. A
// subscription the push service calls gone (404/410) is forgotten, as the Push API asks.

/** What the service worker shows: a title, a body, a tag (a clearing replaces its raise on
 *  screen) and the console path it opens. Push services take about 4 KB; the body is cut well below. */
export const pushPayload = (text: Rendered, body: Record<string, unknown>): string => {
  const alarm = body.alarm as { alarmId?: number; stationName?: string } | undefined;
  const path = alarm?.alarmId
    ? `/message/list?${new URLSearchParams({ stationName: alarm.stationName ?? '', alarmId: String(alarm.alarmId) })}`
    : '/alarm/notifications';
  return JSON.stringify({
    title: text.subject,
    body: text.text.slice(0, 1200),
    tag: alarm?.alarmId ? `alarm-${alarm.alarmId}` : `ems-${String(body.type)}`,
    path,
    type: body.type,
  });
};

/** Sends to each browser of the account; answers why nothing could be sent when nothing could
 *  (a reason no retry mends), null when sent; throws when every push service failed. */
export const pushToBrowsers = async (
  deps: { db: Queryable; channels: Channels; clock: () => number; vapid: () => Promise<Vapid> },
  d: Claimed,
  text: Rendered,
  body: Record<string, unknown>,
): Promise<string | null> => {
  const subs = d.accountId === null ? [] : await subscriptionsOf(deps.db, d.accountId);
  if (subs.length === 0) return 'no browser of this account is subscribed to push';
  const vapid = await deps.vapid();
  const payload = pushPayload(text, body);
  const results = await Promise.allSettled(subs.map((s) => deps.channels.push({ subscription: s, payload, ttl: 24 * 3600 }, vapid)));
  const errors: string[] = [];
  let sent = 0;
  for (const [i, r] of results.entries()) {
    const sub = subs[i]!;
    if (r.status === 'fulfilled') {
      sent++;
      await markSent(deps.db, sub.id, deps.clock());
    } else {
      if (r.reason instanceof PushGone) await dropSubscription(deps.db, sub.id);
      errors.push(r.reason instanceof Error ? r.reason.message : String(r.reason));
    }
  }
  if (sent > 0) return null;
  if (results.every((r) => r.status === 'rejected' && r.reason instanceof PushGone)) return `every subscription is gone: ${errors[0]}`;
  throw new Error(errors.join('; '));
};
