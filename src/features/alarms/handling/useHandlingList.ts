// What the shelves and the maintenance windows views share: the dialog's save (success said, the
// dialog closed), a row's removal (success said), the stations of the scope for the dialog, the
// list and the zones of its stations, re-read after every write here and on a timer, as shelves
// and windows begin and end by the clock.
import { useObservable, useObservableCallback, useObservableEagerState, useObservableState, useSubscription } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { interval, map, merge, of, type Observable } from 'rxjs';
import type { Api } from '../../../../streams/api/client';
import { isPending, succeededOutputs, type CommandEvent } from '../../../../streams/commands/command';
import type { Listed } from '../../../../streams/alarms/handling-reads';
import { stationList$ } from '../../../../streams/monitor/stations';
import { useRuntime } from '../../../hooks/runtime';
import { useAlarmZones } from '../../../hooks/useAlarmZones';
import type { TKey } from '../../../i18n/i18n';

export function useHandlingList<Row extends { stationId: number }, In, Out, Removed>(
  scope: number,
  commands: {
    read$: (api: Api, reread$: Observable<unknown>) => Observable<Listed<Row>>;
    save$: (api: Api, in$: Observable<In>) => Observable<CommandEvent<In, Out>>;
    remove$: (api: Api, id$: Observable<number>) => Observable<CommandEvent<number, Removed>>;
    saved: TKey;
    removed: TKey;
    onSaved: () => void;
  },
) {
  const { api, store } = useRuntime();
  const say = (key: TKey) => store.dispatch({ type: 'message/shown', messageType: 'success', text: { key }, at: Date.now() });
  const [save, saveIn$] = useObservableCallback<In>();
  const saving$ = useObservable(() => commands.save$(api, saveIn$));
  // the dialog's last save: cleared when a dialog opens, so a new dialog does not show the
  // refusal of an earlier one (a save still under way is kept: it is busy)
  const [lastSave, setLastSave] = useState<CommandEvent<In, Out> | null>(null);
  useSubscription(saving$, (e) => {
    setLastSave(e);
    if (e.type !== 'succeeded') return;
    say(commands.saved);
    commands.onSaved();
  });
  const [remove, removeIn$] = useObservableCallback<number>();
  const removing$ = useObservable(() => commands.remove$(api, removeIn$));
  const removing = isPending(useObservableState(removing$, null));
  useSubscription(removing$, (e) => e.type === 'succeeded' && say(commands.removed));
  const reread$ = useMemo(() => merge(succeededOutputs(saving$), succeededOutputs(removing$), interval(30_000)), [saving$, removing$]);
  const stations =
    useObservableEagerState(
      useMemo(() => (scope < 0 ? of(null) : stationList$(store, api, scope || undefined).pipe(map((v) => v.value))), [store, api, scope]),
    ) ?? [];
  const list = useObservableState(
    useObservable(() => commands.read$(api, reread$)),
    { rows: null, failed: false },
  );
  const rows = list.rows ?? [];
  const zones = useAlarmZones(
    scope < 0 ? null : scope,
    rows.map((r) => r.stationId),
  );
  return {
    list,
    zones,
    /** what the page's dialog takes from the list (HandlingDialogProps) */
    dialog: { stations, busy: isPending(lastSave), last: lastSave, onSave: save },
    clearSave: () => setLastSave((l) => (isPending(l) ? l : null)),
    remove,
    removing,
  };
}
