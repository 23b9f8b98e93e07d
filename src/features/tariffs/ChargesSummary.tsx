// A tariff version's demand, capacity and fixed charges and its tiers in words, one line each: the preview
// shows them, and the history diff shows them before and after when they changed.
import type { Tariff } from '../../../streams/tariffs/reads';
import { useT } from '../../hooks/useT';
import { useCurrencyName } from './currency';
import { PERIOD_KEY } from './periods';
import { useFeeds } from './feedNames';

export function useChargeTexts(): (c: Tariff['charges'], currency: string) => string[] {
  const t = useT('tariffs');
  const feeds = useFeeds();
  return (c, currency) => {
    const lines = (c.demand ?? []).map((d) => {
      const periods = d.periods ? d.periods.map((p) => t(PERIOD_KEY[p])).join(', ') : t('tariffs:editor.allHours');
      const base = t('tariffs:editor.demandSummary', { price: d.pricePerKw, currency, window: d.windowMinutes, periods });
      return d.ratchet ? `${base}; ${t('tariffs:editor.ratchetSummary', { percent: d.ratchet.percent, months: d.ratchet.months })}` : base;
    });
    if (c.capacityPricePerKva !== undefined) lines.push(t('tariffs:editor.capacitySummary', { price: c.capacityPricePerKva, currency }));
    if (c.fixedMonthlyFee !== undefined) lines.push(t('tariffs:editor.fixedSummary', { price: c.fixedMonthlyFee, currency }));
    (c.blocks ?? []).forEach((b, i) => lines.push(t('tariffs:editor.tierSummary', { n: i + 1, from: b.fromKwh, adder: b.adderPerKwh, currency })));
    if (c.dynamic) {
      const feedId = c.dynamic.feedId;
      lines.push(t('tariffs:feeds.feedSummary', { name: feeds.find((f) => f.feedId === feedId)?.name ?? `#${feedId}` }));
    }
    return lines.length ? lines : [t('tariffs:editor.noCharges')];
  };
}

export function ChargesSummary({ tariff }: { tariff: Tariff }) {
  const t = useT('tariffs');
  const currency = useCurrencyName(tariff.currency);
  const texts = useChargeTexts()(tariff.charges, currency);
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900" data-testid="charges-summary">
      <h2 className="mb-2 text-sm font-semibold">{t('tariffs:editor.charges')}</h2>
      <ul className="list-disc pl-5 text-sm">
        {texts.map((x) => (
          <li key={x}>{x}</li>
        ))}
      </ul>
    </section>
  );
}

/** A template's charges, one line each, under its seasons. */
export function TemplateCharges({ charges, currency }: { charges: Tariff['charges']; currency: string }) {
  const name = useCurrencyName(currency);
  const texts = useChargeTexts()(charges, name);
  return (
    <ul className="mt-3 list-disc pl-5 text-sm text-slate-600 dark:text-slate-400" data-testid="template-charges">
      {texts.map((x) => (
        <li key={x}>{x}</li>
      ))}
    </ul>
  );
}
