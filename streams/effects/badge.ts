// Alarm badge (SPEC §4/§7): fuzzyAlarmRecord {alarmStatus 1, orgId}, page 1, length 1000,
// totalCount; acknowledged alarms are left out (`acked: false`): the badge is what nobody took. Reloaded on sign-in and org switch and refreshed by a backing-off poll; live
// pushes move it in between (reducer). A failed first load shows 0 (SPEC §8); a failed
// refresh keeps the live count rather than wiping counted pushes.
import { ALARM_STATUS } from '../../protocol/codes';
import { EMPTY, distinctUntilChanged, map, switchMap, type SchedulerLike, type Subscription } from 'rxjs';
import type { Api } from '../api/client';
import { ALARM_COUNT_PAGE_SIZE } from '../constants';
import { poll } from '../poll';
import type { Store } from '../store';
import { shellOrgId } from '../session/shellOrg';

export const badgeQuery = (orgId: number) =>
  ({ alarmRecordVo: { alarmStatus: ALARM_STATUS.unresolved, orgId, acked: false }, page: 1, length: ALARM_COUNT_PAGE_SIZE }) as const;

export function startBadge(store: Store, api: Api, o: { intervalMs?: number; scheduler?: SchedulerLike } = {}): Subscription {
  return store.state$
    .pipe(
      map(shellOrgId),
      distinctUntilChanged(),
      switchMap((orgId) => {
        if (orgId === null) return EMPTY;
        let loaded = false;
        return poll({
          fetch: () => api.call('fuzzyAlarmRecord', badgeQuery(orgId), { quiet: true }),
          intervalMs: o.intervalMs ?? 60_000,
          maxMs: 10 * 60_000,
          scheduler: o.scheduler,
        }).pipe(
          map((r) => {
            if (r.ok) {
              loaded = true;
              // pushes that raced the query are on top of its count: the watermark tells which
              const maxId = r.value.dataList.reduce((m, a) => Math.max(m, a.alarmId), 0);
              return { type: 'alarms/countLoaded' as const, total: r.value.totalCount, orgId, maxId };
            }
            return loaded ? null : { type: 'alarms/countFailed' as const, orgId };
          }),
        );
      }),
    )
    .subscribe((e) => e && store.dispatch(e));
}
