// Monthly bills of a station (`?stationId&year`, or `?billId` for one): the year's list, then a
// bill line by line (tariff period, energy, average price, amount; diesel fuel; demand with its
// peak and ratchet, capacity, fixed fee) with its total,
// downloadable as PDF or XLSX.
import { currencyLabel } from '../../../protocol/currency';
import { useObservable, useObservableState } from 'observable-hooks';
import { Fragment, useMemo, useState } from 'react';
import { map } from 'rxjs';
import { useLocation, useSearch } from 'wouter';
import { useStationId } from '../../hooks/useRouteStation';
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
import { numberFormat } from '../../lib/numberFormat';
import { ProvisionalBadge, ProvisionalNote } from '../../components/Provisional';
import { PHONE_CELL, PHONE_TABLE, PHONE_WIDE } from '../../components/phoneCards';
import { DemandMakeUp } from './DemandMakeUp';
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
  const stationId = useStationId();
  const year = Number(q.get('year')) || new Date().getFullYear();
  const billId = q.get('billId');
  const [exporting, setExporting] = useState(false);
  const lang = useMoneyLang();
  // energies and litres with grouped thousands in the reader's language, to the hundredth
  const num = (v: number) => numberFormat(2, lang === 'en' ? 'en-GB' : 'zh-CN', 2).format(v);
  const listIn$ = useObservable((i$) => i$.pipe(map(([s, y, b]) => (s && !b ? { stationId: s, year: y } : null))), [stationId, year, billId]);
  const list = useObservableState(
    useObservable(() => billList$(api, listIn$)),
    { data: null, failed: false },
  );
  const detailIn$ = useObservable((i$) => i$.pipe(map(([b]) => b)), [billId]);
  const detail = useObservableState(
    useObservable(() => billDetail$(api, detailIn$)),
    { data: null, failed: false },
  );
  const d = billId ? detail.data : null;
  const heads = BILL_COLUMN_KEYS.map((k) => t(k));
  const lineHeads = BILL_LINE_COLUMN_KEYS.map((k) => t(k));
  // a cell on a phone's card: its column's name above it
  const card = `${CELL} ${PHONE_CELL} max-sm:border-b-0 max-sm:p-0`;
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="bill-page">
      <h1 className="text-lg font-semibold">{t('reports:title.bills')}</h1>
      {!billId && !stationId && (
        <p className="text-slate-500" data-testid="bill-pick">
          {t('reports:bills.pickStation')}
        </p>
      )}
      {!billId && stationId && (
        <table className={`${PHONE_TABLE.table} w-full text-right max-sm:text-left`} data-testid="bill-list">
          <thead className={`${PHONE_TABLE.thead} text-xs text-slate-500`}>
            <HeadRow labels={heads} cellClass={CELL} actions />
          </thead>
          <tbody className={PHONE_TABLE.tbody}>
            {(list.data?.dataList ?? []).map((b) => (
              <tr key={b.billId} data-testid="bill-row" className={PHONE_TABLE.tr}>
                {[
                  <>
                    {b.month}
                    {b.provisional && <ProvisionalBadge />}
                  </>,
                  `${num(b.importKwh)} kWh`,
                  `${num(b.exportKwh)} kWh`,
                  ...[b.gridAmount, b.fuelCost, b.chargesAmount, b.amount].map((m) => formatMoney(m, b.currency, lang)),
                ].map((cell, i) => (
                  <td key={heads[i]} className={card} data-label={heads[i]}>
                    {cell}
                  </td>
                ))}
                <td className={`${CELL} ${PHONE_WIDE}`}>
                  <Button data-testid="bill-open" onClick={() => navigate(href('bill.downloadDetail', { stationId, billId: b.billId }))}>
                    {t('reports:bills.open')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {billId && d && (
        <section className="flex flex-col gap-2" data-testid="bill-detail">
          <p className="font-semibold">
            {d.stationName} · {d.month}
            {d.provisional && <ProvisionalBadge testId="bill-provisional" />}
          </p>
          {d.provisional && <ProvisionalNote bill />}
          <p className="text-slate-500">
            {t('reports:bills.days', { count: d.days })} · {t('reports:bills.tariffs', { names: d.tariffNames.join(', ') })}
          </p>
          {d.dynamicMissing && (
            <p
              role="note"
              data-testid="bill-dynamic-missing"
              className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-amber-800 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-300"
            >
              {t('reports:bills.dynamicMissing', { count: d.dynamicMissing.intervals, first: d.dynamicMissing.first.join(', '), zone: d.timezone })}
              {d.dynamicMissing.intervals > d.dynamicMissing.first.length && ' …'}
            </p>
          )}
          <table className={`${PHONE_TABLE.table} w-full text-right max-sm:text-left`}>
            <thead className={`${PHONE_TABLE.thead} text-xs text-slate-500`}>
              <HeadRow labels={lineHeads} cellClass={CELL} />
            </thead>
            <tbody className={PHONE_TABLE.tbody}>
              {d.lines.map((l) => {
                const unit = l.unit === 'month' ? t('reports:bills.perMonth') : l.unit;
                return (
                  <Fragment key={`${l.direction}-${l.period}-${l.tier ? l.price : ''}`}>
                    <tr data-testid="bill-line" className={PHONE_TABLE.tr}>
                      <td className={card} data-label={lineHeads[0]}>
                        {l.tier
                          ? t('reports:bills.tierName', { tier: l.tier.tier, from: numberFormat(0, lang === 'en' ? 'en-GB' : 'zh-CN').format(l.tier.fromKwh) })
                          : l.period === 'dynamic'
                            ? t('reports:bills.dynamic')
                            : billPeriodText(l.period, t('reports:bills.allHours'), lang === 'en' ? ', ' : '、')}
                      </td>
                      <td className={card} data-label={lineHeads[1]}>
                        {t(BILL_DIRECTION_KEY[l.direction])}
                      </td>
                      <td className={card} data-label={lineHeads[2]}>
                        {num(l.quantity)} {unit}
                      </td>
                      <td className={card} data-label={lineHeads[3]}>
                        {l.price.toFixed(4)} {currencyLabel(d.currency, lang)}/{unit}
                      </td>
                      <td className={card} data-label={lineHeads[4]}>
                        {formatMoney(l.amount, d.currency, lang)}
                      </td>
                    </tr>
                    {l.demand && <DemandMakeUp demand={l.demand} zone={d.timezone} num={num} />}
                  </Fragment>
                );
              })}
            </tbody>
            <tfoot className="max-sm:block">
              <tr className="font-semibold max-sm:flex max-sm:justify-between max-sm:px-2">
                <td className={CELL} colSpan={4}>
                  {t('reports:bills.total')}
                </td>
                <td className={CELL} data-testid="bill-total">
                  {formatMoney(d.total, d.currency, lang)}
                </td>
              </tr>
            </tfoot>
          </table>
          <div className="flex gap-2">
            <Button
              data-testid="bill-back"
              onClick={() => navigate(href('bill.downloadDetail', { stationId: stationId ?? d.stationId, year: Number(d.month.slice(0, 4)) }))}
            >
              {t('reports:bills.back')}
            </Button>
            <Button variant="primary" data-testid="bill-download" onClick={() => setExporting(true)}>
              {t('reports:bills.downloadPdf')} / XLSX
            </Button>
          </div>
          <ExportDialog
            open={exporting}
            onClose={() => setExporting(false)}
            formats={BILL_FORMATS}
            start={(format) => startBillExport(api, { billId: d.billId, format })}
          />
        </section>
      )}
    </div>
  );
}
