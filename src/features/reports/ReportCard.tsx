// A report row as a card on a phone (below 640 px): its name and period on top, then every data
// item with its unit as a label above its figure, two abreast. The totals line is the same card
// titled "Total". Its height is fixed by the number of items, so the virtual list can place it.

/** px: the padding, the title line and one line of two items (label above figure) */
const PAD = 16;
const TITLE = 24;
const ITEM_ROW = 36;

export const reportCardHeight = (items: number): number => PAD + TITLE + Math.ceil(items / 2) * ITEM_ROW;

export function ReportCard({
  title,
  sub,
  items,
  badge,
}: {
  title: string;
  sub: string | null;
  items: readonly (readonly [string, string])[];
  badge?: React.ReactNode;
}) {
  return (
    <div className="flex h-full flex-col" data-testid="report-card">
      <div className="flex h-6 items-baseline gap-2">
        <span className="min-w-0 flex-1 truncate font-medium" title={title}>
          {title}
        </span>
        {sub && <span className="shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400">{sub}</span>}
        {badge}
      </div>
      <dl className="grid grid-cols-2 gap-x-3">
        {items.map(([label, value]) => (
          <div key={label} className="h-9 min-w-0">
            <dt className="truncate text-[11px] text-slate-500 dark:text-slate-400" title={label}>
              {label}
            </dt>
            <dd className="text-sm whitespace-nowrap tabular-nums" data-value>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
