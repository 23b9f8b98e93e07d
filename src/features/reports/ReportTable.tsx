// A report's rows, virtualized and sortable on every column, with the totals line under them in
// the same columns. Energies on the SPEC §9 scale. On a phone rows and totals are cards (ReportCard).
import { ProvisionalBadge, ProvisionalNote } from '../../components/Provisional';
import { getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { ReportAnswer } from '../../../streams/reports/reads';
import { useT } from '../../hooks/useT';
import { VirtualTable } from '../../widgets/VirtualTable';
import { keyOf } from '../../i18n/codeKeys';
import { REPORT_ITEM_KEY } from './keys';
import { headerUnit, valueText } from './values';
import { useMoneyLang } from '../../hooks/useMoneyLang';
import { usePhone } from '../../hooks/usePhone';
import { ReportCard, reportCardHeight } from './ReportCard';

type Row = ReportAnswer['rows'][number];
const collator = new Intl.Collator(['zh-CN', 'en']);

interface Col {
  id: string;
  size: number;
  header: string;
}

export function ReportTable({ data, withName }: { data: ReportAnswer; withName: boolean }) {
  const t = useT('reports');
  const [sorting, setSorting] = useState<SortingState>([]);
  const lang = useMoneyLang();
  const money = useMemo(() => ({ currency: data.currency, lang }), [data.currency, lang]);
  const cols = useMemo<Col[]>(() => {
    const items = data.columns.map((c, i) => {
      const unit = headerUnit(data.units[i] ?? '', money);
      const key = keyOf(REPORT_ITEM_KEY, c);
      const name = key ? t(key) : c;
      return { id: c, size: 140, header: unit ? `${name} (${unit})` : name };
    });
    return [
      ...(withName ? [{ id: 'label', size: 200, header: t('reports:table.name') }] : []),
      { id: 'period', size: 120, header: t('reports:table.period') },
      ...items,
    ];
  }, [data, withName, t, money]);
  const defs = useMemo<ColumnDef<Row>[]>(
    () =>
      cols.map((c, i) => {
        const k = i - (withName ? 2 : 1);
        const text = (r: Row) =>
          c.id === 'label' ? r.label : c.id === 'period' ? r.period : valueText(r.values[k], data.units[k] ?? '', money, r.currency, t('reports:table.noData'));
        return {
          id: c.id,
          size: c.size,
          sortUndefined: 'last',
          accessorFn: (r: Row) => (c.id === 'label' ? r.label : c.id === 'period' ? r.period : (r.values[k] ?? undefined)),
          ...(c.id === 'label' ? { sortingFn: (a, b) => collator.compare(a.original.label, b.original.label) } : {}),
          header: () => <span data-testid="col-head">{c.header}</span>,
          cell: (x) => (
            <>
              <span data-testid={`cell-${c.id}`}>{text(x.row.original)}</span>
              {c.id === 'period' && data.openFrom !== null && x.row.original.period >= data.openFrom && <ProvisionalBadge />}
            </>
          ),
        } satisfies ColumnDef<Row>;
      }),
    [cols, withName, data.units, data.openFrom, money, t],
  );
  const rows = useMemo(() => [...data.rows], [data.rows]);
  const table = useReactTable({
    data: rows,
    columns: defs,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (r) => r.key,
  });
  const phone = usePhone();
  const itemCols = cols.slice(withName ? 2 : 1);
  const itemsOf = (values: readonly (number | null)[], currency?: string) =>
    itemCols.map((c, k) => [c.header, valueText(values[k], data.units[k] ?? '', money, currency, t('reports:table.noData'))] as const);
  const card = {
    height: reportCardHeight(itemCols.length),
    render: (r: Row) => (
      <ReportCard
        title={withName ? r.label : r.period}
        sub={withName ? r.period : null}
        items={itemsOf(r.values, r.currency)}
        badge={data.openFrom !== null && r.period >= data.openFrom ? <ProvisionalBadge /> : undefined}
      />
    ),
  };
  const grid = { display: 'grid', gridTemplateColumns: cols.map((c) => `minmax(${Math.round(c.size * 0.6)}px, ${c.size}fr)`).join(' ') };
  return (
    <section className="flex min-h-0 flex-1 flex-col rounded-lg border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900 print:border-0">
      {data.openFrom !== null && <ProvisionalNote />}
      <div className="flex h-[60vh] flex-col print:h-auto">
        <VirtualTable table={table} empty={t('noDate')} testId="report-table" label={t('reports:table.rows', { count: data.rows.length })} card={card} />
      </div>
      {/* the totals, a one-row table of their own under the scrolling one */}
      {phone ? (
        <div
          data-testid="report-totals"
          className="border-t-2 border-slate-300 bg-slate-50 px-3 py-2 dark:border-slate-600 dark:bg-slate-800"
          style={{ height: reportCardHeight(itemCols.length) }}
        >
          <ReportCard
            title={t('reports:table.total')}
            sub={null}
            items={itemsOf(data.totals)}
            badge={data.openFrom !== null ? <ProvisionalBadge /> : undefined}
          />
        </div>
      ) : (
        <div role="table" aria-label={t('reports:table.total')}>
          <div
            role="row"
            style={grid}
            data-testid="report-totals"
            className="gap-3 border-t-2 border-slate-300 bg-slate-50 px-3 py-2 text-sm font-semibold dark:border-slate-600 dark:bg-slate-800"
          >
            {cols.map((c, i) => {
              const k = i - (withName ? 2 : 1);
              const text =
                i === 0 ? t('reports:table.total') : k < 0 ? '' : valueText(data.totals[k], data.units[k] ?? '', money, undefined, t('reports:table.noData'));
              return (
                <span key={c.id} role="cell" className="truncate" data-col={c.id} data-testid={k >= 0 ? `total-${c.id}` : undefined}>
                  {text}
                  {i === 0 && data.openFrom !== null && <ProvisionalBadge />}
                </span>
              );
            })}
          </div>
        </div>
      )}
      <p className="px-3 py-1 text-xs text-slate-500" data-testid="report-count">
        {t('reports:table.rows', { count: data.rows.length })}
      </p>
    </section>
  );
}
