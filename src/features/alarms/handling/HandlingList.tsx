// An alarm-handling list page (shelves, maintenance windows): the title with the button that opens
// the page's dialog for a new item and the page's own controls, which zone the times are in and its switch, a read failure, then a grid table with its
// column heads, a loading line while nothing is read, a line of its own when the list is empty, and
// a row a listed item, its cells as the page's columns say.
// On a phone the rows are cards (components/phoneCards.ts) and the table never scrolls sideways.
import type { ReactNode } from 'react';
import type { Listed } from '../../../../streams/alarms/handling-reads';
import { Button } from '../../../components/Button';
import type { CreateAction } from '../../../components/ListPage';
import { PHONE_CELL, PHONE_ROW, PHONE_WIDE } from '../../../components/phoneCards';
import type { AlarmZones } from '../../../hooks/useAlarmZones';
import { useT } from '../../../hooks/useT';
import { TableNote } from '../../../widgets/TableNote';

export interface HandlingColumn<Row> {
  head: string;
  cell: (row: Row) => ReactNode;
  testId?: string;
  /** the cell's classes beside the phone card's (default: truncate), or the row's own */
  className?: string | ((row: Row) => string);
  title?: (row: Row) => string | undefined;
  /** a long text: the card's whole width on a phone */
  wide?: boolean;
  /** the row's buttons: no column name on a phone card, the card's whole width */
  actions?: boolean;
}

const classOf = <Row,>(c: HandlingColumn<Row>, row: Row, fallback: string): string =>
  typeof c.className === 'function' ? c.className(row) : (c.className ?? fallback);

export interface HandlingListProps<Row> {
  /** the page's test id; the page also says whether the list is read and how many rows it has */
  testId: string;
  title: string;
  /** the button that opens the page's dialog for a new item, first after the title */
  create: CreateAction;
  /** the page's own switches, after it */
  controls?: ReactNode;
  /** the list as read and the zones of its stations (useHandlingList) */
  h: { list: Listed<Row>; zones: Pick<AlarmZones, 'listZone' | 'named'> };
  /** the grid's class, shared by the head and every row */
  cols: string;
  /** the table's minimum width class from 640 px up (e.g. sm:min-w-[900px]); below, rows are cards (components/phoneCards.ts) */
  minWidth: string;
  columns: readonly HandlingColumn<Row>[];
  /** a row's key and its data attributes (data-testid and what tests read) */
  rowKey: (row: Row) => number;
  rowData: (row: Row) => Record<`data-${string}`, string | number>;
  empty: { testId: string; text: string };
  /** the page's dialog, after the table */
  dialog: ReactNode;
}

export function HandlingList<Row>({ testId, title, create, controls, h, cols, minWidth, columns, rowKey, rowData, empty, dialog }: HandlingListProps<Row>) {
  const t = useT('alarms', 'alarmCenter');
  const { rows, failed } = h.list;
  return (
    <div data-testid={testId} data-loaded={rows !== null} data-count={rows?.length ?? 0} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-2 text-lg font-semibold">{title}</h1>
        <Button data-testid={create.testId} variant="primary" onClick={create.onClick}>
          {create.text}
        </Button>
        {controls}
        <span data-testid="zone-note" className="ml-auto text-xs text-slate-400">
          {h.zones.named ? t('alarms:handling.stationTimes') : t('alarmCenter:list.timeIn', { zone: h.zones.listZone })}
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
            {columns.map((c, i) => (
              <span key={i} role="columnheader">
                {c.head}
              </span>
            ))}
          </div>
          {rows === null && <TableNote>{t('app.loading')}</TableNote>}
          {rows !== null && rows.length === 0 && <TableNote testId={empty.testId}>{empty.text}</TableNote>}
          {(rows ?? []).map((r) => (
            <div key={rowKey(r)} role="row" {...rowData(r)} className={`${cols} ${PHONE_ROW} border-b border-slate-100 py-2 dark:border-slate-800`}>
              {columns.map((c, i) =>
                c.actions ? (
                  <span key={i} role="cell" className={`${classOf(c, r, '')} max-sm:[&_button]:min-h-11 ${PHONE_WIDE}`}>
                    {c.cell(r)}
                  </span>
                ) : (
                  <span
                    key={i}
                    role="cell"
                    data-testid={c.testId}
                    data-label={c.head}
                    className={`${classOf(c, r, 'truncate')} ${PHONE_CELL}${c.wide ? ` ${PHONE_WIDE}` : ''}`}
                    title={c.title?.(r)}
                  >
                    {c.cell(r)}
                  </span>
                ),
              )}
            </div>
          ))}
        </div>
      </div>
      {dialog}
    </div>
  );
}

/** a row's text button (edit, end now, unshelve) */
export function RowAction({ testId, disabled, onClick, children }: { testId: string; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      data-testid={testId}
      disabled={disabled}
      className="text-brand-700 hover:underline disabled:opacity-50 dark:text-brand-500"
      onClick={onClick}
    >
      {children}
    </button>
  );
}
