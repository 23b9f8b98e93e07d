// Entry of the lazily loaded push chunk (mqtt.js + zod stay out of the login route's JS).
// Wires the push source to the store: status -> connection, alarms -> alarms/received.
import { distinctUntilChanged, map, type Subscription } from 'rxjs';
import { orgAlarmTopic, parseAlarmPush } from '../../protocol/push';
import type { Api } from '../api/client';
import type { Store } from '../store';
import type { AlarmPush } from '../types';
import { connectMqtt } from './mqtt';
import { startBadge } from '../effects/badge';
import { startPopupPump } from '../effects/popups';
import { createPushSource } from './source';

/** Starts everything that only matters once signed in: badge, pop-up pump, push channel. */
export function startSignedIn(store: Store, api: Api): Subscription {
  const sub = startBadge(store, api);
  sub.add(startPopupPump(store));
  sub.add(startPush(store, api));
  return sub;
}

export function startPush(store: Store, api: Api): Subscription {
  const org$ = store.state$.pipe(
    map((s) => (s.session.token ? (s.session.currentOrg?.id ?? null) : null)),
    distinctUntilChanged(),
  );
  return createPushSource({
    org$,
    credentials: () => api.call('queryPushCredentials', {}, { quiet: true }),
    connect: connectMqtt,
    catchUp: async (afterId, orgId) => {
      const r = await api.call('queryAlarmsSince', { afterId, orgId }, { quiet: true });
      return (r.dataList as unknown[]).flatMap((x) => {
        const p = parseAlarmPush(JSON.stringify(x));
        return p.ok ? [p.message as AlarmPush] : [];
      });
    },
    parse: parseAlarmPush,
    topicOf: orgAlarmTopic,
  }).subscribe((o) => {
    const at = Date.now();
    if (o.type === 'status') store.dispatch({ type: 'push/statusChanged', status: o.status, at });
    else store.dispatch({ type: 'alarms/received', alarms: o.alarms, at, live: o.live });
  });
}
