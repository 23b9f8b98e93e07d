// Monthly bills of a station (`?stationId&year`, or `?billId` for one): the year's list, then a
// bill line by line (tariff period, energy, average price, amount; diesel fuel) with its total,
// downloadable as PDF or XLSX.
import { currencyLabel } from '../../../protocol/currency';
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { map } from 'rxjs';
import { useLocation, useSearch } from 'wouter';
import { startBillExport } from '../../../streams/reports/commands';
import { billDetail$, billList$ } from '../../../streams/reports/reads';
import { Button } from '../../components/Button';
import { HeadRow } from '../../components/HeadRow';
import { href } from '../../lib/paths';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { useMoneyLang } from '../../hooks/useMoneyLang';
import { formatMoney } from '../../../streams/format/money';
import { ExportDialog } from './ExportDialog';
import { BILL_COLUMN_KEYS, BILL_DIRECTION_KEY, BILL_LINE_COLUMN_KEYS, billPeriodText } from './keys';

const CELL = 'border-b border-slate-100 px-2 py-1 dark:border-slate-800';
const BILL_FORMATS = ['pdf', 'xlsx'] as const;

export default function BillPage() {
  // tariffs: the period names of the bill lines (one name per period, the tariff screens')
  const t = useT('reports', 'tariffs');
  const { api } = useRuntime();
  const [, navigate] = useLocation();
  const search = useSearch();
  const q = useMemo(() => new URLSearchParams(search), [search]);
  const stationId = Number(q.get('stationId')) || null;
  const year = Number(q.get('year')) || new Date().getFullYear();
  const billId = q.get('billId');
  const [exporting, setExporting] = useState(false);
  const lang = useMoneyLang();
  const listIn$ = useObservable((i$) => i$.pipe(map(([s, y, b]) => (s && !b ? { stationId: s, year: y } : null))), [stationId, year, billId]);
  const list = useObservableState(useObservable(() => billList$(api, listIn$)), { data: null, failed: false });
  const detailIn$ = useObservable((i$) => i$.pipe(map(([b]) => b)), [billId]);
  const detail = useObservableState(useObservable(() => billDetail$(api, detailIn$)), { data: null, failed: false });
  const d = billId ? detail.data : null;
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="bill-page">
      <h1 className="text-lg font-semibold">{t('reports:title.bills')}</h1>
      {!billId && !stationId && <p className="text-slate-500" data-testid="bill-pick">{t('reports:bills.pickStation')}</p>}
      {!billId && stationId && (
        <table className="w-full text-right" data-testid="bill-list">
          <thead className="text-xs text-slate-500"><HeadRow labels={BILL_COLUMN_KEYS.map((k) => t(k))} cellClass={CELL} actions /></thead>
          <tbody>
            {(list.data?.dataList ?? []).map((b) => (
              <tr key={b.billId} data-testid="bill-row">
                <td className={CELL}>{b.month}</td><td className={CELL}>{b.importKwh.toFixed(2)}</td><td className={CELL}>{b.exportKwh.toFixed(2)}</td>
                <td className={CELL}>{formatMoney(b.gridAmount, b.currency, lang)}</td><td className={CELL}>{formatMoney(b.fuelCost, b.currency, lang)}</td><td className={CELL}>{formatMoney(b.amount, b.currency, lang)}</td>
                <td className={CELL}><Button data-testid="bill-open" onClick={() => navigate(href('bill.downloadDetail', { stationId, billId: b.billId }))}>{t('reports:bills.open')}</Button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {billId && d && (
        <section className="flex flex-col gap-2" data-testid="bill-detail">
          <p className="font-semibold">{d.stationName} · {d.month}</p>
          <p className="text-slate-500">{t('reports:bills.days', { count: d.days })} · {t('reports:bills.tariffs', { names: d.tariffNames.join(', ') })}</p>
          <table className="w-full text-right">
            <thead className="text-xs text-slate-500"><HeadRow labels={BILL_LINE_COLUMN_KEYS.map((k) => t(k))} cellClass={CELL} /></thead>
            <tbody>
              {d.lines.map((l) => (
                <tr key={`${l.direction}-${l.period}`} data-testid="bill-line">
                  <td className={CELL}>{billPeriodText(l.period)}</td><td className={CELL}>{t(BILL_DIRECTION_KEY[l.direction])}</td>
                  <td className={CELL}>{l.quantity.toFixed(2)} {l.unit}</td><td className={CELL}>{l.price.toFixed(4)} {currencyLabel(d.currency, lang)}/{l.unit}</td><td className={CELL}>{formatMoney(l.amount, d.currency, lang)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot><tr className="font-semibold"><td className={CELL} colSpan={4}>{t('reports:bills.total')}</td><td className={CELL} data-testid="bill-total">{formatMoney(d.total, d.currency, lang)}</td></tr></tfoot>
          </table>
          <div className="flex gap-2">
            <Button data-testid="bill-back" onClick={() => navigate(href('bill.downloadDetail', { stationId: stationId ?? d.stationId, year: Number(d.month.slice(0, 4)) }))}>{t('reports:bills.back')}</Button>
            <Button variant="primary" data-testid="bill-download" onClick={() => setExporting(true)}>{t('reports:bills.downloadPdf')} / XLSX</Button>
          </div>
          <ExportDialog open={exporting} onClose={() => setExporting(false)} formats={BILL_FORMATS} start={(format) => startBillExport(api, { billId: d.billId, format })} />
        </section>
      )}
    </div>
  );
}
