// The row that stands in for a plain HTML table's rows while it has none (loading, empty): one
// cell across all its columns.
import type { ReactNode } from 'react';

export function EmptyRow({ span, className, children }: { span: number; className: string; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={span} className={className}>
        {children}
      </td>
    </tr>
  );
}
