// Keeps the store's maintenance windows of the signed-in provider (maintenanceState.ts): read at
// sign-in and on a provider switch; pushes keep them current in between.
import { EMPTY, distinctUntilChanged, from, map, switchMap, type Subscription } from 'rxjs';
import type { Api } from '../api/client';
import type { Store } from '../store';
import { shellOrgId } from '../session/shellOrg';
import type { MaintenanceSpan } from './maintenanceState';

/** Reads the provider's active and planned windows whenever the signed-in provider changes. */
export function startMaintenance(store: Store, api: Api): Subscription {
  return store.state$
    .pipe(
      map(shellOrgId),
      distinctUntilChanged(),
      switchMap((orgId) =>
        orgId === null
          ? EMPTY
          : from(
              api.call('queryMaintenanceWindows', { orgId, includeEnded: false }, { quiet: true }).then(
                (r) =>
                  r.dataList
                    .filter((w) => w.state !== 'ended')
                    .map((w) => ({ windowId: w.windowId, stationId: w.stationId, start: Date.parse(w.start), end: Date.parse(w.end), deviceIds: w.deviceIds })),
                () => [] as MaintenanceSpan[],
              ),
            ),
      ),
    )
    .subscribe((spans) => store.dispatch({ type: 'maintenance/loaded', spans }));
}
