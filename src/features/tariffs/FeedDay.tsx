// One day of a feed's prices: import and export price as steps through the day (each holds for its
// interval) and as a table on the feed's clock; intervals of the day without a price are counted,
// since a bill prices them at time-of-use and flags them.
import { useMemo } from 'react';
import { PHONE_CELL, PHONE_TABLE } from '../../components/phoneCards';
import { useT } from '../../hooks/useT';
import type { PriceFeedDay } from '../../../streams/tariffs/reads';
import { DayPriceChart, dayPriceData } from './PriceChart';

export function FeedDay({ day, currency }: { day: PriceFeedDay; currency: string }) {
  const t = useT('tariffs');
  const data = useMemo(
    () =>
      dayPriceData(
        day.prices.map((p) => Number(p.local.slice(0, 2)) * 3600 + Number(p.local.slice(3, 5)) * 60),
        day.prices.map((p) => p.importPrice),
        day.prices.map((p) => p.exportPrice),
      ),
    [day],
  );
  const missing = day.intervals - day.prices.length;
  const cell = 'px-3 py-1.5';
  return (
    <section className="flex flex-col gap-3" data-testid="feed-day" data-prices={day.prices.length}>
      <p className={`text-sm ${missing > 0 ? 'text-amber-700 dark:text-amber-400' : 'text-slate-600'}`} data-testid="feed-day-count">
        {t('tariffs:feeds.dayCount', { count: day.prices.length, intervals: day.intervals, zone: day.timezone })}
        {missing > 0 && ` ${t('tariffs:feeds.dayMissing', { count: missing })}`}
      </p>
      {day.prices.length > 0 && (
        <>
          <DayPriceChart
            data={data}
            importLabel={t('tariffs:feeds.importPrice', { currency })}
            exportLabel={t('tariffs:feeds.exportPrice', { currency })}
            currency={currency}
            height={220}
            testId="feed-day-chart"
          />
          <div className="max-h-96 overflow-auto">
            <table className={`${PHONE_TABLE.table} w-full rounded-lg border border-slate-200 bg-white text-sm dark:border-slate-700 dark:bg-slate-900`}>
              <thead className={PHONE_TABLE.thead}>
                <tr className="border-b border-slate-200 text-left text-xs text-slate-500 dark:border-slate-700">
                  <th className={cell}>{t('tariffs:feeds.start')}</th>
                  <th className={`${cell} text-right`}>{t('tariffs:feeds.importPrice', { currency })}</th>
                  <th className={`${cell} text-right`}>{t('tariffs:feeds.exportPrice', { currency })}</th>
                </tr>
              </thead>
              <tbody className={PHONE_TABLE.tbody}>
                {day.prices.map((p) => (
                  <tr key={p.start} data-testid="feed-price-row" className={`${PHONE_TABLE.tr} border-b border-slate-100 dark:border-slate-800`}>
                    <td className={`${cell} tabular-nums ${PHONE_CELL}`} data-label={t('tariffs:feeds.start')}>
                      {p.local}
                    </td>
                    <td className={`${cell} text-right tabular-nums ${PHONE_CELL}`} data-label={t('tariffs:feeds.importPrice', { currency })}>
                      {p.importPrice.toFixed(4)}
                    </td>
                    <td className={`${cell} text-right tabular-nums ${PHONE_CELL}`} data-label={t('tariffs:feeds.exportPrice', { currency })}>
                      {p.exportPrice.toFixed(4)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
