// A list page's frame (accounts, roles, on-call schedules, notification rules, the delivery log,
// API tokens, the audit log, the messages, the stations): a bordered panel with the title and the
// page's filters and buttons in a bar (an intro line under them where the page explains itself),
// panels of its own under the bar, a read failure, then the page's table and its dialogs. A page
// whose table sets its own height (`padded`) is as tall as its content, its parts spaced inside
// the padding. The page hands over its read as the streams give it: whether it is read, its count
// and its failure are told here, the same way on every page.
import type { ReactNode } from 'react';
import { useT } from '../hooks/useT';
import type { TKey } from '../i18n/i18n';
import { Button } from './Button';

/** A list as read: the rows themselves, or a page of them with the server's count. */
type ListData = readonly unknown[] | { totalCount: number } | { dataList: readonly unknown[] };

/** The read of a list page (streams/system/loaded.ts): data null until the first answer. */
export interface ListRead {
  data: ListData | null;
  failed: boolean;
}

/** the count the server gave where it gives one, else the rows read; none before the first answer */
const totalOf = (data: ListData | null): number | undefined => {
  if (data === null) return undefined;
  if ('totalCount' in data) return data.totalCount;
  if ('dataList' in data) return data.dataList.length;
  return data.length;
};

/** The page's button that opens a new record, last in the bar. */
export interface CreateAction {
  testId: string;
  text: string;
  onClick: () => void;
}

export function ListPage({
  testId,
  read,
  title,
  failed = 'system:loadFailed',
  bar,
  create,
  intro,
  top = 'center',
  notes,
  padded = false,
  marks,
  children,
}: {
  testId: string;
  read: ListRead;
  title: string;
  /** what the page says while its last read failed; null where it says nothing */
  failed?: TKey | null;
  /** filters, count and buttons after the title */
  bar?: ReactNode;
  /** absent (or false) for a reader who may not create */
  create?: CreateAction | false;
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
  const t = useT();
  return (
    <section
      data-testid={testId}
      data-loaded={read.data !== null}
      data-total={totalOf(read.data)}
      {...marks}
      className={`${padded ? 'gap-3 p-3' : 'h-full min-h-[480px]'} flex flex-col rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900`}
    >
      <div
        className={`flex flex-wrap ${top === 'start' ? 'items-start' : 'items-center'} gap-2 ${padded ? '' : 'border-b border-slate-200 p-3 dark:border-slate-800'}`}
      >
        <h1 className="mr-2 self-center text-base font-semibold">{title}</h1>
        {bar}
        {create && (
          <Button variant="primary" className="ml-auto" onClick={create.onClick} data-testid={create.testId}>
            {create.text}
          </Button>
        )}
        {intro && <p className="w-full text-xs text-slate-500">{intro}</p>}
      </div>
      {notes}
      {read.failed && failed !== null && (
        <p role="alert" className={`${padded ? '' : 'px-3 py-2'} text-sm text-red-600`}>
          {t(failed)}
        </p>
      )}
      {children}
    </section>
  );
}

/** What a list's table says when it has no rows: loading until the first read, else its empty text. */
export const emptyText = (list: { data: unknown; failed: boolean }, loading: string, empty: string): string =>
  list.data === null && !list.failed ? loading : empty;
