// A few rows (the tariff periods) as a plain table from a sheet table: no virtualization needed.
import type { SheetTable } from './sheet';

export function SmallTable({ table, hints, testId }: { table: SheetTable; hints: readonly (string | null)[]; testId: string }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <h2 className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-300">{table.title}</h2>
      <table className="w-full text-sm" data-testid={testId}>
        <thead>
          <tr className="text-left text-xs text-slate-500">
            {table.head.map((h, i) => (
              <th key={h} title={hints[i] ?? undefined} className={`py-1 font-medium ${i > 0 ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <tr key={r[0]} data-testid="small-row" className="border-t border-slate-100 dark:border-slate-800">
              {r.map((c, i) => (
                <td key={i} className={`py-1 tabular-nums ${i > 0 ? 'text-right' : ''}`}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
