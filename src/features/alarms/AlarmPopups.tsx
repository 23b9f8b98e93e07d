// Real-time pop-ups (SPEC §4): bottom-right, error style, persist until closed. Ignore closes
// and stops the sound; View opens the message list in a new tab filtered by station, then
// closes. At most POPUP_VISIBLE_CAP on screen; the rest are summarised as "+N more".
// Acknowledge (permission alarm.ack) takes the alarm for the organisation: every console's card
// then says who and when, and its sound stops wherever it plays (the push carries the change).
import { memo, useCallback, useEffect, useState } from 'react';
import { filter } from 'rxjs';
import { selectPermissions } from '../../../streams/selectors';
import { ackAlarm$ } from '../../../streams/alarms/handling';
import { badgeWeight } from '../../../streams/alarms/pushState';
import { useCommand } from '../../hooks/useCommand';
import { POPUP_VISIBLE_CAP } from '../../../streams/constants';
import type { AlarmPush } from '../../../streams/types';
import { Icon } from '../../components/Icon';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { href } from '../../lib/paths';
import { ALARM_CATEGORY_KEY } from '../../i18n/codeKeys';
import { soundBank } from './sound';
import { alarmRuleName } from '../../lib/alarmText';

export const messageListHref = (stationName?: string): string => href('message.list', { stationName });

const sameItems = <T,>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

const formatters = new Map<string, Intl.DateTimeFormat>();
export const formatTime = (iso: string, lang: string): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  let f = formatters.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-CN', { dateStyle: 'short', timeStyle: 'medium', hour12: false });
    formatters.set(lang, f);
  }
  return f.format(d);
};

export function AlarmPopups() {
  const t = useT('alarms');
  const { store } = useRuntime();
  // narrow selections: an alarm storm changes byId every batch, the screen only per 300 ms slot
  const visible = useStoreValue((s) => s.popups.visible.map((id) => s.alarms.byId[id]).filter((m): m is AlarmPush => !!m), [], sameItems);
  const more = useStoreValue((s) => s.popups.overflow + (s.popups.visible.length >= POPUP_VISIBLE_CAP ? s.popups.queue.length : 0));

  // Warm-up while idle: the first real pop-up would otherwise pay for the date formatter's locale
  // data and the first layout of a card (tens of ms of push-to-screen latency).
  const [warm, setWarm] = useState(true);
  useEffect(() => {
    formatTime(new Date().toISOString(), store.getState().session.language);
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
      window.open(messageListHref(m.stationName), '_blank', 'noopener');
      soundBank.stopFor(m.alarmId);
      store.dispatch({ type: 'popups/closed', alarmId: m.alarmId });
    },
    [store],
  );
  if (warm && visible.length === 0)
    return (
      <div aria-hidden="true" inert className="pointer-events-none fixed -left-[9999px] bottom-4 w-[340px] opacity-0">
        <Popup m={WARM_UP} onIgnore={noop} onView={noop} warmUp />
      </div>
    );
  // "+N more": everything not on screen (waiting for a slot, or summarised for good)
  if (visible.length === 0 && more === 0) return null;
  return (
    <section aria-label={t('alarms:region')} aria-live="polite" data-testid="popups" className="pointer-events-none fixed right-4 bottom-4 z-40 flex w-[340px] flex-col gap-2">
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
      {visible.map((m) => (
        <Popup key={m.alarmId} m={m} onIgnore={onIgnore} onView={onView} onAck={canAck ? onAck : undefined} />
      ))}
    </section>
  );
}

const noop = () => undefined;
const WARM_UP: AlarmPush = {
  alarmId: 0, orgId: 0, stationId: 0, actionWay: 35002, stationName: '-', monitoredObjectName: '-', alarmRuleName: '-',
  alarmCategory: 'event', happenTime: new Date(0).toISOString(), status: 'unresolved',
};

const Popup = memo(function Popup({ m, onIgnore, onView, onAck, warmUp = false }: { m: AlarmPush; onIgnore: (m: AlarmPush) => void; onView: (m: AlarmPush) => void; onAck?: (m: AlarmPush) => void; warmUp?: boolean }) {
  const t = useT('alarms');
  const lang = useStoreValue((s) => s.session.language);
  const tid = (id: string) => (warmUp ? undefined : id);
  return (
    <article
      data-testid={warmUp ? undefined : 'popup'}
      data-alarm-id={warmUp ? undefined : m.alarmId}
      data-category={m.alarmCategory}
      data-action-way={m.actionWay}
      data-acked={m.ackedAt ? 'true' : 'false'}
      aria-labelledby={`popup-${m.alarmId}`}
      className="pointer-events-auto rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 shadow-xl dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <div className="mb-1.5 flex items-start gap-2">
        <Icon name="alarm" className="mt-0.5 size-4 shrink-0 text-red-600" />
        <h2 id={`popup-${m.alarmId}`} className="flex-1 font-semibold" data-testid={tid('popup-title')}>
          {t('alarms:popupTitle', { category: t(ALARM_CATEGORY_KEY[m.alarmCategory]), station: m.stationName })}
        </h2>
        <button type="button" onClick={() => onIgnore(m)} aria-label={t('app.close')} className="rounded p-0.5 hover:bg-red-100 dark:hover:bg-red-900">
          <Icon name="close" className="size-4" />
        </button>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-red-700/80 dark:text-red-300/80">{t('alarms:device')}</dt>
        <dd className="truncate" data-testid={tid('popup-device')}>{m.monitoredObjectName}</dd>
        <dt className="text-red-700/80 dark:text-red-300/80">{t('alarms:rule')}</dt>
        <dd className="truncate" data-testid={tid('popup-rule')}>{alarmRuleName(m.alarmRuleCode, m.alarmRuleName)}</dd>
        <dt className="text-red-700/80 dark:text-red-300/80">{t('alarms:time')}</dt>
        <dd>{formatTime(m.happenTime, lang)}</dd>
        {m.ackedAt && (
          <>
            <dt className="text-red-700/80 dark:text-red-300/80">{t('alarms:handling.acked')}</dt>
            <dd className="truncate" data-testid={tid('popup-acked')} title={m.ackNote ?? undefined}>
              {t('alarms:handling.byAt', { by: m.ackedBy ?? '-', at: formatTime(m.ackedAt, lang) })}
            </dd>
          </>
        )}
      </dl>
      <div className="mt-2 flex justify-end gap-2">
        {onAck && !m.ackedAt && m.status === 'unresolved' && (
          <button type="button" onClick={() => onAck(m)} data-testid={tid('popup-ack')} className="mr-auto h-7 rounded-md border border-red-300 bg-white px-3 text-xs font-medium hover:bg-red-100 dark:border-red-700 dark:bg-red-900 dark:hover:bg-red-800">
            {t('alarms:handling.ack')}
          </button>
        )}
        <button type="button" onClick={() => onIgnore(m)} data-testid={tid('popup-ignore')} className="h-7 rounded-md border border-red-300 bg-white px-3 text-xs font-medium hover:bg-red-100 dark:border-red-700 dark:bg-red-900 dark:hover:bg-red-800">
          {t('alarms:ignore')}
        </button>
        <button type="button" onClick={() => onView(m)} data-testid={tid('popup-view')} className="h-7 rounded-md bg-red-600 px-3 text-xs font-medium text-white hover:bg-red-700">
          {t('alarms:view')}
        </button>
      </div>
    </article>
  );
});
