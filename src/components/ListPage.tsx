// A list page's frame (accounts, roles, on-call schedules, notification rules, the delivery log,
// API tokens, the audit log, the messages): a bordered panel with the title and the page's filters
// and buttons in a bar (an intro line under them where the page explains itself), panels of its
// own under the bar, a read failure, then the page's table and its dialogs. A page whose table
// sets its own height (`padded`) is as tall as its content, its parts spaced inside the padding.
import type { ReactNode } from 'react';

export function ListPage({
  testId,
  loaded,
  total,
  title,
  failed,
  bar,
  intro,
  top = 'center',
  notes,
  padded = false,
  marks,
  children,
}: {
  testId: string;
  loaded: boolean;
  /** the count the server gave, where the page has one */
  total?: number;
  title: string;
  /** the read-failure text, shown while the last read failed */
  failed: string | null;
  /** filters, count and buttons after the title */
  bar: ReactNode;
  /** a line under the bar's controls that says what the page is for */
  intro?: ReactNode;
  /** 'start' where a control of the bar grows (a field's error under it) and the rest keep to the top */
  top?: 'center' | 'start';
  /** the page's own panels between the bar and the failure */
  notes?: ReactNode;
  padded?: boolean;
  /** more data attributes of the page, for its tests */
  marks?: Record<`data-${string}`, number>;
  children: ReactNode;
}) {
  return (
    <section
      data-testid={testId}
      data-loaded={loaded}
      data-total={total}
      {...marks}
      className={`${padded ? 'gap-3 p-3' : 'h-full min-h-[480px]'} flex flex-col rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900`}
    >
      <div
        className={`flex flex-wrap ${top === 'start' ? 'items-start' : 'items-center'} gap-2 ${padded ? '' : 'border-b border-slate-200 p-3 dark:border-slate-800'}`}
      >
        <h1 className="mr-2 self-center text-base font-semibold">{title}</h1>
        {bar}
        {intro && <p className="w-full text-xs text-slate-500">{intro}</p>}
      </div>
      {notes}
      {failed !== null && (
        <p role="alert" className={`${padded ? '' : 'px-3 py-2'} text-sm text-red-600`}>
          {failed}
        </p>
      )}
      {children}
    </section>
  );
}

/** What a list's table says when it has no rows: loading until the first read, else its empty text. */
export const emptyText = (list: { data: unknown; failed: boolean }, loading: string, empty: string): string =>
  list.data === null && !list.failed ? loading : empty;
