// The alarm detail's data and commands, shared by the alarm center and a station's alarm log:
// the timeline (re-read when a push about the alarm arrives or after a write here), the
// accounts it can be assigned to (the server's list for the alarm), and acknowledge / assign / comment.
import { useObservable, useObservableState } from 'observable-hooks';
import { filter, map, merge, switchMap } from 'rxjs';
import { ackAlarm$, assignAlarm$, commentAlarm$ } from '../../streams/alarms/handling';
import { timeline$ } from '../../streams/alarms/handling-reads';
import { assignees$ } from '../../streams/alarms/assignees';
import { selectPermissions } from '../../streams/selectors';
import { useCommand, useReload } from './useCommand';
import { useRuntime, useStoreValue } from './runtime';

export function useAlarmDetail(alarmId: number | null, onChanged: () => void) {
  const { api, store } = useRuntime();
  const perms = useStoreValue(selectPermissions);
  const me = useStoreValue((s) => s.session.profile);
  const [reload$, reload] = useReload();
  const done = (e: { type: string }) => {
    if (e.type !== 'succeeded') return;
    reload();
    onChanged();
  };
  const ack = useCommand(ackAlarm$, done);
  const assign = useCommand(assignAlarm$, done);
  const comment = useCommand(commentAlarm$, done);
  const id$ = useObservable((in$) => in$.pipe(map(([id]) => id)), [alarmId]);
  const pushed$ = useObservable(
    (in$) =>
      merge(reload$, in$.pipe(switchMap(([id]) => store.events$.pipe(filter((e) => e.type === 'alarms/received' && e.alarms.some((a) => a.alarmId === id)))))),
    [alarmId],
  );
  const timeline = useObservableState(
    useObservable(() => timeline$(api, id$, pushed$)),
    { rows: null, failed: false },
  );
  const canAssign = perms.has('alarm.assign');
  const assignable$ = useObservable((in$) => in$.pipe(map(([id, can]) => (can ? id : null))), [alarmId, canAssign]);
  const people = useObservableState(
    useObservable(() => assignees$(api, assignable$)),
    [],
  );
  return {
    timeline,
    people,
    me: me ? { userId: me.userId, name: me.name || me.account } : null,
    can: { ack: perms.has('alarm.ack'), assign: perms.has('alarm.assign'), comment: perms.has('alarm.ack') || perms.has('alarm.assign') },
    ack,
    assign,
    comment,
  };
}
export type AlarmDetailModel = ReturnType<typeof useAlarmDetail>;
