// The day's bill under the tariff looked at and under the one in force, side by side, with the
// difference; per period below. Amounts are the server's (only the totals are rounded, to the
// cent, as the money rules say).
import { useT } from '../../hooks/useT';
import { PERIODS } from '../../../protocol/codes';
import type { PreviewBill } from '../../../streams/tariffs/reads';
import { useAmount, useCurrencyName } from './currency';
import { PERIOD_KEY } from './periods';

type DayBill = PreviewBill['candidate'];

export function BillTable({ bill }: { bill: PreviewBill }) {
  const t = useT('tariffs');
  const currency = useCurrencyName(bill.currency);
  const amount = useAmount();
  const kwh = (v: number | undefined) => amount(v, 3);
  // amounts keep the server's 1/100 cent (they are summed per period); totals are to the cent
  const money = (v: number | undefined, digits = 4) => amount(v, digits);
  const a = bill.candidate;
  const b: DayBill | null = bill.inForce;
  const rows: { key: string; label: string; of: (x: DayBill) => number; fmt: (v: number | undefined) => string; diff?: boolean }[] = [
    { key: 'import', label: t('tariffs:preview.import'), of: (x) => x.importKwh, fmt: kwh },
    { key: 'export', label: t('tariffs:preview.export'), of: (x) => x.exportKwh, fmt: kwh },
    { key: 'grid-cost', label: t('tariffs:preview.gridCost', { currency }), of: (x) => x.gridCost, fmt: money, diff: true },
    { key: 'feed-in', label: t('tariffs:preview.feedInRevenue', { currency }), of: (x) => x.feedInRevenue, fmt: money, diff: true },
  ];
  const cell = 'px-3 py-1.5 text-right tabular-nums';
  const periodAmount = (x: DayBill | null, p: string) => x?.periods.find((q) => q.period === p)?.amount;
  return (
    <table className="w-full text-sm" data-testid="bill-table">
      {[a, b].some((x) => x && x.missing.intervals > 0) && (
        <caption className="caption-bottom pt-2 text-left text-xs text-amber-700 dark:text-amber-400" data-testid="bill-missing">
          {[a, b]
            .flatMap((x, i) =>
              x && x.missing.intervals > 0
                ? [
                    `${t(i === 0 ? 'tariffs:preview.candidate' : 'tariffs:preview.inForce')}: ${t('tariffs:feeds.previewMissing', { count: x.missing.intervals, first: x.missing.first.join(', ') })}`,
                  ]
                : [],
            )
            .join(' · ')}
        </caption>
      )}
      <thead>
        <tr className="border-b border-slate-200 text-xs text-slate-500 dark:border-slate-700">
          <th className="px-3 py-1.5 text-left font-medium" />
          <th className={`${cell} font-medium`}>
            {t('tariffs:preview.candidate')}
            {a.tariffName ? ` · ${a.tariffName}` : ''}
          </th>
          <th className={`${cell} font-medium`}>
            {t('tariffs:preview.inForce')}
            {b?.tariffName ? ` · ${b.tariffName}` : ''}
          </th>
          <th className={`${cell} font-medium`}>{t('tariffs:preview.difference')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} className="border-b border-slate-100 dark:border-slate-800">
            <th scope="row" className="px-3 py-1.5 text-left font-normal">
              {r.label}
            </th>
            <td className={cell} data-testid={`bill-candidate-${r.key}`}>
              {r.fmt(r.of(a))}
            </td>
            <td className={cell} data-testid={`bill-inforce-${r.key}`}>
              {b ? r.fmt(r.of(b)) : '—'}
            </td>
            <td className={cell}>{r.diff && b ? money(r.of(a) - r.of(b)) : ''}</td>
          </tr>
        ))}
        {PERIODS.filter((p) => periodAmount(a, p) !== undefined || periodAmount(b, p) !== undefined).map((p) => (
          <tr key={p} className="border-b border-slate-100 text-slate-600 dark:border-slate-800 dark:text-slate-400">
            <th scope="row" className="px-3 py-1 pl-6 text-left font-normal">
              {t(PERIOD_KEY[p])}
            </th>
            <td className={cell}>{money(periodAmount(a, p))}</td>
            <td className={cell}>{b ? money(periodAmount(b, p)) : '—'}</td>
            <td className={cell} />
          </tr>
        ))}
        {(a.dynamicAmount !== 0 || (b && b.dynamicAmount !== 0)) && (
          <tr className="border-b border-slate-100 text-slate-600 dark:border-slate-800 dark:text-slate-400" data-testid="bill-dynamic">
            <th scope="row" className="px-3 py-1 pl-6 text-left font-normal">
              {t('tariffs:feeds.useFeed')}
            </th>
            <td className={cell}>{money(a.dynamicAmount)}</td>
            <td className={cell}>{b ? money(b.dynamicAmount) : '—'}</td>
            <td className={cell} />
          </tr>
        )}
        <tr className="font-semibold">
          <th scope="row" className="px-3 py-2 text-left">
            {t('tariffs:preview.total', { currency })}
          </th>
          <td className={cell} data-testid="bill-candidate-total">
            {money(a.total, 2)}
          </td>
          <td className={cell} data-testid="bill-inforce-total">
            {b ? money(b.total, 2) : t('tariffs:preview.noneInForce')}
          </td>
          <td className={cell} data-testid="bill-difference">
            {money(bill.difference, 2)}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
