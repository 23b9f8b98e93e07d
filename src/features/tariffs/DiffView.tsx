// The changes from a past tariff to the one that replaced it, by months and stretch of the day.
import { currencyLabel } from '../../../protocol/currency';
import { useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { selectLanguage } from '../../../streams/selectors';
import type { Tariff } from '../../../streams/tariffs/reads';
import { tariffDiff, type Priced } from './diff';
import { useChargeTexts } from './ChargesSummary';
import { PERIOD_KEY, monthName } from './periods';

export function DiffView({ before, after }: { before: Tariff; after: Tariff }) {
  const t = useT('tariffs');
  const lang = useStoreValue(selectLanguage);
  const changes = tariffDiff(before.seasons, after.seasons);
  const chargeTexts = useChargeTexts();
  const cur = currencyLabel(after.currency, lang === 'en' ? 'en' : 'zh');
  const chargesChanged = JSON.stringify(before.charges) !== JSON.stringify(after.charges);
  const priced = (p: Priced | null) =>
    p
      ? `${p.period in PERIOD_KEY ? t(PERIOD_KEY[p.period as keyof typeof PERIOD_KEY]) : p.period} · ${p.fromGridPrice} / ${p.feedInPrice} ${currencyLabel(after.currency, lang === 'en' ? 'en' : 'zh')}`
      : '—';
  return (
    <div data-testid="tariff-diff" className="mt-3 rounded-md bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
      <p className="mb-2 font-medium">{t('tariffs:history.diffTitle', { old: before.name, new: after.name })}</p>
      {chargesChanged && (
        <div className="mb-2 grid grid-cols-[8rem_1fr_1fr] gap-2 text-xs" data-testid="diff-charges">
          <p className="font-semibold text-slate-600 dark:text-slate-300">{t('tariffs:editor.charges')}</p>
          <ul>
            {chargeTexts(before.charges, cur).map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
          <ul>
            {chargeTexts(after.charges, cur).map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
        </div>
      )}
      {changes.length === 0 && !chargesChanged && <p className="text-slate-500">{t('tariffs:history.noChange')}</p>}
      {changes.map((c) => (
        <div key={c.months.join(',')} className="mb-2" data-testid="diff-months">
          <p className="text-xs font-semibold text-slate-600 dark:text-slate-300">{c.months.map((m) => monthName(m, lang)).join(', ')}</p>
          <table className="mt-1 w-full text-xs">
            <thead>
              <tr className="text-slate-500">
                <th className="w-32 text-left font-medium" />
                <th className="text-left font-medium">{t('tariffs:history.before')}</th>
                <th className="text-left font-medium">{t('tariffs:history.after')}</th>
              </tr>
            </thead>
            <tbody>
              {c.ranges.map((r) => (
                <tr key={r.start} data-testid="diff-range">
                  <td className="font-mono">
                    {r.start}–{r.end}
                  </td>
                  <td>{priced(r.before)}</td>
                  <td>{priced(r.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
