// The public month / year report of a share link (`?token=`): only that station and period, no
// session needed, laid out to print cleanly. A foreign, expired or revoked token shows a refusal.
import { ProvisionalBadge, ProvisionalNote } from '../../components/Provisional';
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { map } from 'rxjs';
import { useSearch } from 'wouter';
import { sharedReport$ } from '../../../streams/reports/reads';
import { Button } from '../../components/Button';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { keyOf } from '../../i18n/codeKeys';
import { REPORT_ITEM_KEY } from './keys';
import { headerUnit, valueText } from './values';
import { useMoneyLang } from '../../hooks/useMoneyLang';

export default function SharedReportPage() {
  const t = useT('reports');
  const { api } = useRuntime();
  const search = useSearch();
  const token = useMemo(() => new URLSearchParams(search).get('token'), [search]);
  const in$ = useObservable((i$) => i$.pipe(map(([tk]) => (tk && tk.length >= 20 ? tk : null))), [token]);
  const report = useObservableState(
    useObservable(() => sharedReport$(api, in$)),
    { data: null, failed: false },
  );
  const d = report.data;
  const lang = useMoneyLang();
  if (!token || report.failed)
    return (
      <p className="m-10 text-center text-red-600" role="alert" data-testid="shared-refused">
        {t('reports:shared.refused')}
      </p>
    );
  if (!d) return <p className="m-10 text-center text-slate-500">{t('app.loading')}</p>;
  const money = { currency: d.currency, lang };
  const heads = d.columns.map((c, i) => {
    const key = keyOf(REPORT_ITEM_KEY, c);
    const name = key ? t(key) : c;
    const unit = headerUnit(d.units[i] ?? '', money);
    return unit ? `${name} (${unit})` : name;
  });
  return (
    <main className="mx-auto flex max-w-[1400px] flex-col gap-3 p-6 text-sm print:max-w-none print:p-0 print:text-[9pt]" data-testid="shared-report">
      <header className="flex items-start justify-between">
        <div>
          <h1 className="text-xl font-semibold" data-testid="shared-title">
            {d.stationName} · {t(d.kind === 'month' ? 'reports:shared.monthTitle' : 'reports:shared.yearTitle')}
          </h1>
          <p className="text-slate-500">
            {d.from} – {d.to} · {t('reports:shared.validUntil', { date: d.expiresAt.slice(0, 10) })}
          </p>
        </div>
        <Button className="print:hidden" data-testid="shared-print" onClick={() => window.print()}>
          {t('reports:shared.print')}
        </Button>
      </header>
      {d.openFrom !== null && <ProvisionalNote />}
      <div className="overflow-x-auto print:overflow-visible">
        <table className="w-full border-collapse text-right print:text-[8pt]">
          <thead className="bg-slate-50 text-xs dark:bg-slate-800 print:bg-transparent">
            <tr>
              <th className="border border-slate-200 px-2 py-1 text-left">{t('reports:table.period')}</th>
              {heads.map((h) => (
                <th key={h} className="border border-slate-200 px-2 py-1">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {d.rows.map((r) => (
              <tr key={r.key} data-testid="shared-row" className="break-inside-avoid">
                <td className="border border-slate-200 px-2 py-0.5 text-left">
                  {r.period}
                  {d.openFrom !== null && r.period >= d.openFrom && <ProvisionalBadge />}
                </td>
                {r.values.map((v, i) => (
                  <td key={d.columns[i]} className="border border-slate-200 px-2 py-0.5">
                    {valueText(v, d.units[i] ?? '', money, r.currency, t('reports:table.noData'))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="font-semibold" data-testid="shared-totals">
            <tr>
              <td className="border border-slate-200 px-2 py-1 text-left">
                {t('reports:table.total')}
                {d.openFrom !== null && <ProvisionalBadge />}
              </td>
              {d.totals.map((v, i) => (
                <td key={d.columns[i]} className="border border-slate-200 px-2 py-1" data-testid={`shared-total-${d.columns[i]}`}>
                  {valueText(v, d.units[i] ?? '', money, undefined, t('reports:table.noData'))}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </main>
  );
}
