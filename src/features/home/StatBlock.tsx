// One statistics box of the homepage: a title, a corner badge (data age or a summary) and a row
// of figures; charging, PV and energy proportion differ only in their figures.
import type { ReactNode } from 'react';
import { FitValue } from '../../components/FitValue';

export interface StatFigure {
  label: string;
  value: string;
  testId?: string;
}

export const boxClass = 'rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900';

export function StatBlock({
  testId,
  title,
  aside,
  figures,
  children,
}: {
  testId: string;
  title: string;
  aside: ReactNode;
  figures: readonly StatFigure[];
  children?: ReactNode;
}) {
  return (
    <section className={boxClass} data-testid={testId}>
      <header className="mb-2 flex items-center justify-between gap-2">
        <h2 className="font-semibold">{title}</h2>
        {aside}
      </header>
      {/* a long name ("Sessions today") wraps rather than being cut; the values stay on one line, bottoms aligned */}
      <div className="grid grid-cols-4 items-end gap-2" data-stat-grid>
        {figures.map((f) => (
          <div key={f.label} className="min-w-0">
            <div className="text-xs leading-4 break-words text-slate-500">{f.label}</div>
            <FitValue value={f.value} className="text-lg font-semibold tabular-nums" data-stat-value data-testid={f.testId} />
          </div>
        ))}
      </div>
      {children}
    </section>
  );
}
