// Cells of a list page's TanStack table that several lists share: a text cut to its column's
// width (whole on hover), a record's name in bold, and a value marked with data attributes for
// the page's tests.
import type { CellContext } from '@tanstack/react-table';

/** A text cut to its column's width, shown whole on hover. */
export const CutText = ({ text, testId }: { text: string; testId?: string }) => (
  <span className="truncate" title={text} data-testid={testId}>
    {text}
  </span>
);

/** A cell showing the column's value as a CutText. */
export const cutCell = <T,>(c: CellContext<T, unknown>) => <CutText text={c.getValue<string>()} />;

/** A cell showing the column's value in bold, with the test id that marks the list's name cells. */
export const nameCell =
  (testId: string) =>
  <T,>(c: CellContext<T, unknown>) => (
    <span data-testid={testId} className="font-medium">
      {c.getValue<string>()}
    </span>
  );

/** A cell showing the column's value with a test id and data attributes of the row's own. */
export const markedCell =
  <T,>(testId: string, marks: (r: T) => Record<`data-${string}`, string | number | boolean>) =>
  (c: CellContext<T, unknown>) => (
    <span data-testid={testId} {...marks(c.row.original)}>
      {c.getValue<string>()}
    </span>
  );
