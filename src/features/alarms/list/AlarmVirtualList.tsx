// The alarm list's rows, virtualized: a table of rows (AlarmRow) on a wide screen, cards
// (AlarmCard) with the actions as buttons on a phone. Columns never size to their content (a
// re-read that mounts a screen of new rows lays them out without measuring every cell's text
// first, and every row lines up with the header), but are wide enough for it: times and labels
// get the px their longest text needs, site names wrap to a second line, and only the free-text
// content (its whole text on hover) is cut. Below the grid's minimum width the table scrolls
// sideways inside its box, never the page.
import type { Zone } from '../../../../protocol/site-time';
import type { AlarmRecord } from '../../../../streams/alarms/records';
import type { TFn } from '../../../i18n/i18n';
import { moveBetweenRows } from '../../../widgets/rowArrows';
import { SCROLL_PANE } from '../../../widgets/scrollPane';
import { TableNote, tableRowCount } from '../../../widgets/TableNote';
import { placeOf, useVirtualList, VirtualCards } from '../../../widgets/VirtualRows';
import { GridHead } from '../../../widgets/GridTable';
import { AlarmCard, CARD } from './AlarmCard';
import { AlarmRow, ROW } from './AlarmRow';
import type { AlarmActions, AlarmCan } from './alarmActions';

const COLS = 'grid grid-cols-[minmax(140px,1.3fr)_108px_minmax(90px,0.8fr)_80px_48px_80px_minmax(120px,2fr)_140px_140px_minmax(72px,0.8fr)_184px] gap-2 px-3';
const GRID_MIN = 'min-w-[1310px]';

export function AlarmVirtualList({
  list,
  loaded,
  head,
  t,
  phone,
  named,
  zoneOf,
  can,
  actions,
}: {
  list: readonly AlarmRecord[];
  loaded: boolean;
  head: readonly string[];
  t: TFn;
  phone: boolean;
  named: boolean;
  zoneOf: (stationId: number) => Zone;
  can: AlarmCan;
  actions: AlarmActions;
}) {
  const { scroller, v } = useVirtualList(list.length, phone ? CARD : ROW, 6);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-700 dark:bg-slate-900">
      <div
        role={phone ? undefined : 'table'}
        aria-label={phone ? undefined : t('routes.alarmAlarmList')}
        aria-rowcount={phone ? undefined : tableRowCount(list.length)}
        className={phone ? '' : GRID_MIN}
      >
        <div role="rowgroup" hidden={phone}>
          <GridHead grid={COLS} heads={head} wrap after={<span role="columnheader">{t('alarmCenter:list.action')}</span>} />
        </div>
        <div
          ref={scroller}
          role={phone ? undefined : 'rowgroup'}
          tabIndex={0}
          aria-label={t('routes.alarmAlarmList')}
          onKeyDown={phone ? undefined : (e) => moveBetweenRows(e, (i) => i < list.length && v.scrollToIndex(i))}
          style={{ height: phone ? 'calc(100dvh - 190px)' : 'calc(100vh - 300px - var(--popups-h, 0px))', minHeight: 160, contain: 'strict' }}
          className={SCROLL_PANE}
        >
          {!loaded && <TableNote>{t('app.loading')}</TableNote>}
          {loaded && list.length === 0 && <TableNote testId="empty">{t('noDate')}</TableNote>}
          <VirtualCards
            v={v}
            rows={list}
            role={phone ? 'list' : undefined}
            card={(r, it) => {
              const common = { r, t, zone: zoneOf(r.stationId), named, can, actions };
              return phone ? (
                <AlarmCard key={r.alarmId} {...common} {...placeOf(v, it)} />
              ) : (
                <AlarmRow key={r.alarmId} {...common} cols={COLS} top={it.start} index={it.index} />
              );
            }}
          />
        </div>
      </div>
    </div>
  );
}
