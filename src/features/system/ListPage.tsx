// A system list page's frame (accounts, roles): a bordered panel with the title and the page's
// filters and buttons in a bar, a read failure under it, then the page's table.
import type { ReactNode } from 'react';

export function ListPage({
  testId,
  loaded,
  total,
  title,
  failed,
  bar,
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
  children: ReactNode;
}) {
  return (
    <section
      data-testid={testId}
      data-loaded={loaded}
      data-total={total}
      className="flex h-full min-h-[480px] flex-col rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3 dark:border-slate-800">
        <h1 className="mr-2 text-base font-semibold">{title}</h1>
        {bar}
      </div>
      {failed !== null && (
        <p role="alert" className="px-3 py-2 text-sm text-red-600">
          {failed}
        </p>
      )}
      {children}
    </section>
  );
}
