// One row of the alarm center's list: the record's cells, its times in the row's zone (named in
// station mode), its handling state, and the actions (detail; resolve with alarm.resolve).
import { memo } from 'react';
import type { TFn } from '../../../i18n/i18n';
import { GridRow, TextCells } from '../../../widgets/GridTable';
import { AlarmRecordCells } from './AlarmRecordCells';
import type { AlarmRecord } from '../../../../streams/alarms/records';
import type { Zone } from '../../../../protocol/site-time';
import { ALARM_STATUS } from '../../../../protocol/codes';
import { alarmMarks, textCellsOf } from './cells';
import { ShelveAction } from '../shelves/ShelveLink';
import type { AlarmActions, AlarmCan } from './alarmActions';

export const ROW = 40;

export interface AlarmRowProps {
  r: AlarmRecord;
  t: TFn;
  zone: Zone;
  named: boolean;
  cols: string;
  /** the row's offset in the virtual list */
  top: number;
  /** its place among the list's rows (0-based) */
  index: number;
  can: AlarmCan;
  actions: AlarmActions;
}

/** Renders again only when its record (kept by identity while unchanged) or its place changes. */
export const AlarmRow = memo(function AlarmRow({ r, t, zone, named, cols, top, index, can, actions }: AlarmRowProps) {
  const c = textCellsOf(t, r);
  const link = 'text-brand-700 hover:underline dark:text-brand-500';
  return (
    <GridRow
      grid={cols}
      index={index}
      data-testid="alarm-row"
      {...alarmMarks(r)}
      style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW, transform: `translateY(${top}px)`, contain: 'strict' }}
    >
      <span role="cell" className="min-w-0">
        <button
          type="button"
          data-testid="alarm-station"
          title={t('alarmCenter:list.openLog')}
          data-value
          className={`line-clamp-2 text-left leading-4 font-medium break-words ${link}`}
          onClick={() => actions.onOpenLog(r)}
        >
          {c[0]}
        </button>
      </span>
      <TextCells texts={c.slice(1, 4)} />
      <AlarmRecordCells r={r} t={t} zone={zone} named={named} contentTestId="alarm-content" />
      <span role="cell" className="flex gap-2 whitespace-nowrap">
        <button
          type="button"
          data-testid="alarm-detail-open"
          title={t('alarms:handling.openDetail')}
          className={link}
          onClick={() => actions.onDetail(r.alarmId)}
        >
          {t('alarms:handling.details')}
        </button>
        {can.resolve && r.alarmStatus === ALARM_STATUS.unresolved && (
          <button type="button" data-testid="alarm-resolve" className={link} onClick={() => actions.onResolve(r)}>
            {t('alarmCenter:list.resolve')}
          </button>
        )}
        {can.shelve && <ShelveAction r={r} t={t} />}
      </span>
    </GridRow>
  );
});
