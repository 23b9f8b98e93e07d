// An alarm-handling list page (shelves, maintenance windows): the title with the page's own
// controls, which zone the times are in and its switch, a read failure, then a grid table with its
// column heads, a loading line while nothing is read and a line of its own when the list is empty.
// On a phone the rows are cards (components/phoneCards.ts) and the table never scrolls sideways.
import type { ReactNode } from 'react';
import type { AlarmZones } from '../../../hooks/useAlarmZones';
import type { TFn } from '../../../i18n/i18n';
import { TableNote } from '../../../widgets/TableNote';

export interface HandlingListProps {
  /** the page's test id; the page also says whether the list is read and how many rows it has */
  testId: string;
  title: string;
  /** the page's own buttons and switches, after the title */
  controls: ReactNode;
  zones: Pick<AlarmZones, 'listZone' | 'named'>;
  t: TFn;
  failed: boolean;
  /** the grid's class, shared by the head and every row */
  cols: string;
  /** the table's minimum width class from 640 px up (e.g. sm:min-w-[900px]); below, rows are cards (components/phoneCards.ts) */
  minWidth: string;
  heads: readonly string[];
  /** null until read */
  rows: readonly unknown[] | null;
  empty: { testId: string; text: string };
  children: ReactNode;
  /** the page's dialog, after the table */
  dialog: ReactNode;
}

export function HandlingList({ testId, title, controls, zones, t, failed, cols, minWidth, heads, rows, empty, children, dialog }: HandlingListProps) {
  return (
    <div data-testid={testId} data-loaded={rows !== null} data-count={rows?.length ?? 0} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-2 text-lg font-semibold">{title}</h1>
        {controls}
        <span data-testid="zone-note" className="ml-auto text-xs text-slate-400">
          {zones.named ? t('alarms:handling.stationTimes') : t('alarmCenter:list.timeIn', { zone: zones.listZone })}
        </span>
      </div>
      {failed && <p className="text-sm text-amber-700">{t('alarms:handling.readFailed')}</p>}
      <div
        role="table"
        aria-label={title}
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <div className={minWidth}>
          <div role="row" className={`${cols} border-b max-sm:hidden border-slate-200 py-2 text-xs font-semibold text-slate-500 dark:border-slate-700`}>
            {heads.map((h, i) => (
              <span key={i} role="columnheader">
                {h}
              </span>
            ))}
          </div>
          {rows === null && <TableNote>{t('app.loading')}</TableNote>}
          {rows !== null && rows.length === 0 && <TableNote testId={empty.testId}>{empty.text}</TableNote>}
          {children}
        </div>
      </div>
      {dialog}
    </div>
  );
}
