// Accounts an alarm can be assigned to: the enabled accounts of the alarm's provider. The
// account list needs `system.account`; without it the screen offers "assign to me" only (the
// server checks the assignee either way).
import { from, map, of, switchMap, type Observable } from 'rxjs';
import type { Api } from '../api/client';

export interface Assignee {
  userId: number;
  name: string;
}

export const assignees$ = (api: Api, orgId$: Observable<number | null>): Observable<Assignee[]> =>
  orgId$.pipe(
    switchMap((orgId) =>
      orgId === null
        ? of([])
        : from(api.call('queryAccountList', { orgId, status: 1, page: 1, length: 1000 }, { quiet: true }).then((r) => r.dataList, () => [])).pipe(
            map((rows) => rows.map((r) => ({ userId: r.userId, name: r.contact || r.account }))),
          ),
    ),
  );
