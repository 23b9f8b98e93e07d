// Entry of the lazily loaded push chunk (mqtt.js + zod stay out of the login route's JS).
// Wires the push source to the store: status -> connection, alarms -> alarms/received.
import { distinctUntilChanged, filter, map, pairwise, type Observable, type Subscription } from 'rxjs';
import { orgAlarmTopic, parseAlarmPush, parsePush, parseStationAlarmTopic } from '../../protocol/push';
import type { Api } from '../api/client';
import type { Store } from '../store';
import type { AlarmPush } from '../types';
import { connectInWorker } from './worker-client';
import { startBadge } from '../effects/badge';
import { startPopupPump } from '../effects/popups';
import { startPopupGrouping } from '../alarms/popupGroups';
import { startMaintenance } from '../alarms/maintenance';
import { createPushSource } from './source';
import { shellOrgId } from '../session/shellOrg';

/** Starts everything that only matters once signed in: badge, pop-up pump, push channel. */
export function startSignedIn(store: Store, api: Api): Subscription {
  const sub = startBadge(store, api);
  sub.add(startPopupPump(store));
  sub.add(startPopupGrouping(store));
  sub.add(startMaintenance(store, api));
  sub.add(startPush(store, api));
  return sub;
}

/**
 * The org whose alarms the push channel follows: the shell's org, so a platform user connects
 * (and reads the latest alarm id) only for the provider picked, not for the platform's own org
 * in the moment before.
 */
export const pushOrg$ = (store: Store): Observable<number | null> => store.state$.pipe(map(shellOrgId), distinctUntilChanged());

export function startPush(store: Store, api: Api): Subscription {
  return createPushSource({
    org$: pushOrg$(store),
    credentials: () => api.call('queryPushCredentials', {}, { quiet: true }),
    connect: connectInWorker,
    catchUp: async (afterId, orgId) => {
      // pages of at most 500, oldest first, until the server says there is no more
      const out: AlarmPush[] = [];
      let cursor = afterId;
      for (let page = 0; page < 40; page++) {
        const r = await api.call('queryAlarmsSince', { afterId: cursor, orgId, limit: 500 }, { quiet: true });
        for (const x of r.dataList) {
          const p = parseAlarmPush(JSON.stringify(x));
          if (p.ok) out.push(p.message);
        }
        if (!r.more || r.lastId <= cursor) break;
        cursor = r.lastId;
      }
      return out;
    },
    latestId: async (orgId) => {
      const r = await api.call('fuzzyAlarmRecord', { alarmRecordVo: { orgId }, page: 1, length: 1 }, { quiet: true });
      return r.dataList[0]?.alarmId ?? 0;
    },
    parse: parsePush,
    topicsOf,
    // the browser back online, or the API answering again after a failure (a server restart)
    retryNow$: store.state$.pipe(
      map((s) => s.connection.network === 'online' && s.connection.api === 'online'),
      distinctUntilChanged(),
      pairwise(),
      filter(([was, is]) => !was && is),
    ),
  }).subscribe((o) => {
    const at = Date.now();
    if (o.type === 'status') store.dispatch({ type: 'push/statusChanged', status: o.status, at });
    else if (o.type === 'maintenance') store.dispatch({ type: 'maintenance/pushed', window: o.window });
    else store.dispatch({ type: 'alarms/received', alarms: o.alarms, at, live: o.live });
  });
}

/** The org's own topic when the server offers it; otherwise (a station-scoped account) the
 *  offered station topics under that org. */
export const topicsOf = (orgId: number, offered: readonly string[]): string[] => {
  const own = orgAlarmTopic(orgId);
  if (offered.includes(own)) return [own];
  return offered.filter((t) => parseStationAlarmTopic(t)?.orgId === orgId);
};
