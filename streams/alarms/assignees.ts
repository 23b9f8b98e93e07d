// Accounts an alarm can be assigned to: the server's own list for the alarm (queryAlarmAssignees,
// the rule assignAlarm checks), so the screen never offers someone the server then refuses.
import { from, of, switchMap, type Observable } from 'rxjs';
import type { Api } from '../api/client';

export interface Assignee {
  userId: number;
  name: string;
}

export const assignees$ = (api: Api, alarmId$: Observable<number | null>): Observable<Assignee[]> =>
  alarmId$.pipe(
    switchMap((alarmId) =>
      alarmId === null
        ? of([])
        : from(
            api.call('queryAlarmAssignees', { alarmId }, { quiet: true }).then(
              (r) => r.dataList,
              (): Assignee[] => [],
            ),
          ),
    ),
  );
