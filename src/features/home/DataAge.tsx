// Data-age badge of a homepage box: how long ago the last good answer came; greyed ("Stale")
// when it is older than three poll periods or while the connection is down, because then
// nothing on screen can be trusted to be current.
import { ageOf, isStale } from '../../../streams/home/homepage';
import type { TFn } from '../../i18n/i18n';
import { AGE_KEY } from '../../i18n/codeKeys';

export function DataAge({ at, now, interval, down, t }: { at: number | null; now: number; interval: number; down: boolean; t: TFn }) {
  const stale = down || isStale(at, now, interval);
  const a = ageOf(at, now);
  // the whole phrase per unit and language: "38 s ago", "38 秒前" (never a unit in English in zh)
  const age = a ? t(AGE_KEY[a.unit], { n: a.n }) : '-';
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-[11px] ${stale ? 'bg-slate-200 text-slate-500 dark:bg-slate-700 dark:text-slate-300' : 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-500'}`}
      data-testid="data-age"
      data-stale={stale}
      data-at={at ?? ''}
    >
      {at === null ? t('home:trend.noData') : stale ? `${t('home:trend.stale')} · ${age}` : age}
    </span>
  );
}
