// Real-time pop-ups (SPEC §4): bottom-right, error style, persist until closed. Ignore closes
// and stops the sound; View opens the message list in a new tab filtered by station, with the
// alarm highlighted there, then closes. More than three within a second are one group card
// (streams/alarms/popupGroups.ts); at most POPUP_VISIBLE_CAP single cards on screen, the rest
// summarised as "+N more". The stack keeps to the bottom-right corner: a fixed width and at
// most 45 % of the screen's height, scrolling inside; the alarm list ends above it (--popups-h).
// The cards are not a live region (AlarmAnnouncer speaks, once per burst, so a storm is not read
// out card by card). Times follow the header's clock setting through the same formatter as the alarm list.
// Acknowledge (permission alarm.ack) takes the alarm for the organisation: every console's card
// then says who and when, and its sound stops wherever it plays (the push carries the change).
import { useCallback, useEffect, useState } from 'react';
import { filter } from 'rxjs';
import { selectPermissions } from '../../../../streams/selectors';
import { ackAlarm$ } from '../../../../streams/alarms/handling';
import { badgeWeight } from '../../../../streams/alarms/pushState';
import { useCommand } from '../../../hooks/useCommand';
import { POPUP_VISIBLE_CAP } from '../../../../streams/constants';
import type { AlarmPush } from '../../../../streams/types';
import { useRuntime, useStoreValue } from '../../../hooks/runtime';
import { useT } from '../../../hooks/useT';
import { href } from '../../../lib/paths';
import { soundBank } from './sound';
import { scopeCode } from '../../../../streams/monitor/scope';
import { useAlarmZones } from '../../../hooks/useAlarmZones';
import { formatDateTime } from '../../../lib/dateTime';
import { AlarmAnnouncer } from './AlarmAnnouncer';
import { PopupCard } from './PopupCard';
import { PopupGroup } from './PopupGroup';

export const messageListHref = (stationName?: string, alarmId?: number): string => href('message.list', { stationName, alarmId });

const sameItems = <T,>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** The pop-up stack and, always in the page, the live regions that read pushed alarms out. */
export function AlarmPopups() {
  return (
    <>
      <AlarmAnnouncer />
      <PopupStack />
    </>
  );
}

function PopupStack() {
  const t = useT('alarms');
  const { store } = useRuntime();
  // narrow selections: an alarm storm changes byId every batch, the screen only per 300 ms slot
  const visible = useStoreValue((s) => s.popups.visible.map((id) => s.alarms.byId[id]).filter((m): m is AlarmPush => !!m), [], sameItems);
  const more = useStoreValue((s) => s.popups.overflow + (s.popups.visible.length >= POPUP_VISIBLE_CAP ? s.popups.queue.length : 0));
  const group = useStoreValue((s) => (s.popups.group ?? NO_IDS).map((id) => s.alarms.byId[id]).filter((m): m is AlarmPush => !!m), [], sameItems);
  const scope = useStoreValue(scopeCode);
  const zones = useAlarmZones(
    scope < 0 ? null : scope,
    [...visible, ...group].map((m) => m.stationId),
  );

  // Warm-up while idle: the first real pop-up would otherwise pay for the date formatter's locale
  // data and the first layout of a card (tens of ms of push-to-screen latency).
  const [warm, setWarm] = useState(true);
  useEffect(() => {
    formatDateTime(Date.now());
    const id = setTimeout(() => setWarm(false), 500);
    return () => clearTimeout(id);
  }, [store]);

  // 35003 pop-ups play their category's sound (one per category at a time)
  useEffect(() => {
    const sub = store
      .select((s) => s.popups.sound)
      .subscribe((snd) => {
        if (snd) soundBank.play(snd.category, snd.alarmId);
      });
    return () => sub.unsubscribe();
  }, [store]);

  // an acknowledgement or a resolution, from any console, silences that alarm here
  useEffect(() => {
    const sub = store.events$.pipe(filter((e) => e.type === 'alarms/received')).subscribe((e) => {
      if (e.type === 'alarms/received') for (const m of e.alarms) if (badgeWeight(m) === 0) soundBank.stopFor(m.alarmId);
    });
    return () => sub.unsubscribe();
  }, [store]);
  const canAck = useStoreValue(selectPermissions).has('alarm.ack');
  const ack = useCommand(ackAlarm$, () => undefined);
  const onAck = useCallback((m: AlarmPush) => ack.run({ alarmId: m.alarmId }), [ack]);

  const onIgnore = useCallback(
    (m: AlarmPush) => {
      soundBank.stop(m.alarmCategory);
      store.dispatch({ type: 'popups/closed', alarmId: m.alarmId });
    },
    [store],
  );
  const onView = useCallback(
    (m: AlarmPush) => {
      window.open(messageListHref(m.stationName, m.alarmId), '_blank', 'noopener');
      soundBank.stopFor(m.alarmId);
      store.dispatch({ type: 'popups/closed', alarmId: m.alarmId });
    },
    [store],
  );
  const onDismissGroup = useCallback(() => {
    for (const m of group) soundBank.stopFor(m.alarmId);
    store.dispatch({ type: 'popups/groupClosed' });
  }, [group, store]);
  const stackRef = usePopupInset();
  const onOpenAll = useCallback(() => window.open(messageListHref(), '_blank', 'noopener'), []);
  if (warm && visible.length === 0 && group.length === 0)
    return (
      <div aria-hidden="true" inert className="pointer-events-none fixed -left-[9999px] bottom-4 w-[320px] opacity-0">
        <PopupCard m={WARM_UP} zone={zones.zoneOf(0)} onIgnore={noop} onView={noop} warmUp />
      </div>
    );
  // "+N more": everything not on screen (waiting for a slot, or summarised for good)
  if (visible.length === 0 && group.length === 0 && more === 0) return null;
  return (
    <section
      aria-label={t('alarms:region')}
      data-testid="popups"
      ref={stackRef}
      className="pointer-events-none fixed right-3 bottom-3 z-40 flex max-h-[45vh] w-[320px] flex-col gap-2 overflow-y-auto"
    >
      {more > 0 && (
        <button
          type="button"
          data-testid="popup-more"
          data-count={more}
          onClick={() => {
            window.open(messageListHref(), '_blank', 'noopener');
            store.dispatch({ type: 'popups/overflowCleared' });
          }}
          className="pointer-events-auto self-end rounded-full bg-red-700 px-3 py-1 text-xs font-semibold text-white shadow-lg hover:bg-red-800"
        >
          {t('alarms:more', { count: more })}
        </button>
      )}
      {group.length > 0 && <PopupGroup alarms={group} zoneOf={zones.zoneOf} onView={onView} onOpenAll={onOpenAll} onDismiss={onDismissGroup} />}
      {visible.map((m) => (
        <PopupCard key={m.alarmId} m={m} zone={zones.zoneOf(m.stationId)} onIgnore={onIgnore} onView={onView} onAck={canAck ? onAck : undefined} />
      ))}
    </section>
  );
}

/**
 * Publishes the stack's height as `--popups-h` on the document while pop-ups are up, so the
 * alarm list ends above them instead of lying under them (its Action column stays clickable).
 */
function usePopupInset() {
  const [el, setEl] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const root = document.documentElement.style;
    if (!el) {
      root.removeProperty('--popups-h');
      return;
    }
    const ro = new ResizeObserver(() => root.setProperty('--popups-h', `${Math.ceil(el.getBoundingClientRect().height) + 12}px`));
    ro.observe(el);
    return () => {
      ro.disconnect();
      root.removeProperty('--popups-h');
    };
  }, [el]);
  return setEl;
}

const noop = () => undefined;
const NO_IDS: number[] = [];
const WARM_UP: AlarmPush = {
  alarmId: 0,
  orgId: 0,
  stationId: 0,
  actionWay: 35002,
  stationName: '-',
  monitoredObjectName: '-',
  alarmRuleName: '-',
  alarmCategory: 'event',
  happenTime: new Date(0).toISOString(),
  status: 'unresolved',
};
