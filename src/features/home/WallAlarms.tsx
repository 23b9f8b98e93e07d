// The wall's alarm panel: how many alarms are open in each category, the badge (open alarms nobody
// has acknowledged, the header's count), and the newest open alarms with how long each has been
// open. Only as many rows as the panel holds are drawn (never a scroll bar on a wall); the rest
// are counted under them. The data is the alarm streams' (streams/alarms/wall.ts), re-read on
// pushes for the scope.
import { useObservable, useObservableState } from 'observable-hooks';
import { useEffect, useRef, useState } from 'react';
import { map, switchMap } from 'rxjs';
import { ALARM_CATEGORIES_BY_SEVERITY, type AlarmCategory } from '../../../protocol/codes';
import { alarmReloads$ } from '../../../streams/alarms/reloads';
import { NO_WALL_ALARMS, openFor, wallAlarmQuery, wallAlarms$ } from '../../../streams/alarms/wall';
import type { AlarmRecord } from '../../../streams/alarms/records';
import { selectBadge } from '../../../streams/selectors';
import { Icon } from '../../components/Icon';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import type { TFn } from '../../i18n/i18n';
import { ALARM_CATEGORY_KEY } from '../../i18n/codeKeys';
import { alarmRuleName } from '../../lib/alarmText';
import { boxClass } from './StatBlock';

/** a row's height in wall pixels (features/home/wall.css) */
const ROW_WU = 50;
const TONE: Record<AlarmCategory, { bar: string; chip: string }> = {
  fault: { bar: 'border-red-500', chip: 'bg-red-600 text-white' },
  protection: { bar: 'border-orange-500', chip: 'bg-orange-500 text-white' },
  alarm: { bar: 'border-amber-400', chip: 'bg-amber-400 text-slate-900' },
  event: { bar: 'border-sky-500', chip: 'bg-sky-500 text-white' },
};

export function ageLabel(t: TFn, happenTime: string, now: number): string {
  const a = openFor(Date.parse(happenTime), now);
  if (a.d > 0) return t('home:wall.age.d', { d: a.d, h: a.h });
  if (a.h > 0) return t('home:wall.age.h', { h: a.h, min: a.min });
  if (a.min > 0) return t('home:wall.age.min', { min: a.min });
  return t('home:wall.age.s', { s: a.s });
}

/** How many rows of `rowPx` fit in the element's height. */
function useRowsThatFit(rowPx: number) {
  const ref = useRef<HTMLOListElement>(null);
  const [rows, setRows] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setRows(Math.max(0, Math.floor(el.clientHeight / rowPx))));
    ro.observe(el);
    return () => ro.disconnect();
  }, [rowPx]);
  return [ref, rows] as const;
}

export function WallAlarms({ scope, now, wu, t }: { scope: number; now: number; wu: number; t: TFn }) {
  const { api, store } = useRuntime();
  const badge = useStoreValue(selectBadge);
  const query$ = useObservable((in$) => in$.pipe(map(([s]) => wallAlarmQuery(s))), [scope]);
  const reload$ = useObservable((in$) => in$.pipe(switchMap(([s]) => alarmReloads$(store.events$, (a) => s <= 0 || a.orgId === s))), [scope]);
  const alarms = useObservableState(
    useObservable(() => wallAlarms$(api, query$, reload$)),
    NO_WALL_ALARMS,
  );
  const [listRef, fit] = useRowsThatFit(ROW_WU * wu);
  const rows = alarms.rows ?? [];
  // the last row gives its place to the "+N more" line when not all fit
  const shown = rows.length > fit || alarms.total > rows.length ? Math.max(0, fit - 1) : fit;
  const more = alarms.total - Math.min(shown, rows.length);

  return (
    <section
      className={`${boxClass} flex h-full min-h-0 flex-col gap-2`}
      data-testid="wall-alarms"
      data-total={alarms.total}
      data-loaded={alarms.rows !== null}
      data-reads={alarms.reads}
    >
      <header className="flex items-center justify-between gap-2">
        <h2 className="truncate font-semibold">
          {t('home:wall.alarms')}{' '}
          <span className="tabular-nums" data-testid="wall-alarm-total" data-value>
            {alarms.total}
          </span>
        </h2>
        <span
          data-testid="alarm-badge"
          data-count={badge}
          title={t('alarms:badge', { count: badge })}
          className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-semibold ${badge > 0 ? 'bg-red-600 text-white' : 'bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-200'}`}
        >
          <Icon name="alarm" className="size-4" />
          <span className="tabular-nums">{badge > 999 ? '999+' : badge}</span>
          <span className="font-normal">{t('home:wall.unacked')}</span>
        </span>
      </header>
      <ul className="grid grid-cols-4 gap-1.5" aria-label={t('home:wall.alarms')}>
        {ALARM_CATEGORIES_BY_SEVERITY.map((c) => (
          <li
            key={c}
            className={`min-w-0 rounded-md border-l-4 bg-slate-100 px-2 py-1 dark:bg-slate-800 ${TONE[c].bar}`}
            data-testid="wall-alarm-count"
            data-category={c}
            data-count={alarms.byCategory[c]}
          >
            <div className="truncate text-xs text-slate-500 dark:text-slate-400">{t(ALARM_CATEGORY_KEY[c])}</div>
            <div className="text-2xl font-semibold tabular-nums" data-value>
              {alarms.byCategory[c]}
            </div>
          </li>
        ))}
      </ul>
      <ol ref={listRef} className="min-h-0 flex-1 overflow-hidden" data-testid="wall-alarm-list" data-fit={fit}>
        {alarms.rows !== null && rows.length === 0 && <li className="p-6 text-center text-slate-500">{t('home:wall.none')}</li>}
        {rows.slice(0, shown).map((r) => (
          <AlarmLine key={r.alarmId} r={r} now={now} t={t} />
        ))}
        {more > 0 && shown > 0 && (
          <li className="pt-1 text-center text-sm text-slate-500" data-testid="wall-alarm-more">
            {t('home:wall.more', { count: more })}
          </li>
        )}
      </ol>
    </section>
  );
}

function AlarmLine({ r, now, t }: { r: AlarmRecord; now: number; t: TFn }) {
  const rule = alarmRuleName(r.alarmRuleCode, r.alarmRuleName);
  const where = `${r.stationName} · ${r.deviceName ?? t('home:wall.siteLevel')}`;
  return (
    <li
      className="flex flex-col justify-center border-b border-slate-200 last:border-b-0 dark:border-slate-800"
      style={{ height: `calc(${ROW_WU} * var(--wu))` }}
      data-testid="wall-alarm"
      data-alarm-id={r.alarmId}
      data-category={r.alarmCategory}
    >
      <div className="flex items-center gap-2">
        <span className={`shrink-0 rounded px-1.5 text-xs font-semibold ${TONE[r.alarmCategory].chip}`}>{t(ALARM_CATEGORY_KEY[r.alarmCategory])}</span>
        <span className="min-w-0 flex-1 truncate font-semibold" title={rule}>
          {rule}
        </span>
        <span className="shrink-0 text-sm tabular-nums text-slate-500 dark:text-slate-300" data-testid="wall-alarm-age" data-value data-happen={r.happenTime}>
          {ageLabel(t, r.happenTime, now)}
        </span>
      </div>
      <div className="truncate text-sm text-slate-500 dark:text-slate-400" title={where}>
        {where}
      </div>
    </li>
  );
}
