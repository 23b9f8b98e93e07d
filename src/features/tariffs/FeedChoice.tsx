// The tariff editor's dynamic prices: none, or one of the provider's price feeds by name. Where
// the feed has a price for an interval it replaces the time-of-use price (docs/tariffs.md).
import type { PriceFeed } from '../../../streams/tariffs/reads';
import { useT } from '../../hooks/useT';
import type { DraftErrors } from './draft';
import { FieldError } from './errorText';

const select = 'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900';

export function FeedChoice({
  feedId,
  feeds,
  errors,
  readOnly,
  onChange,
}: {
  feedId: string;
  feeds: readonly PriceFeed[];
  errors: DraftErrors;
  readOnly: boolean;
  onChange: (feedId: string) => void;
}) {
  const t = useT('tariffs');
  const known = feedId === '' || feeds.some((f) => String(f.feedId) === feedId);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="tariff-feed" className="text-xs font-medium text-slate-600 dark:text-slate-400">
        {t('tariffs:feeds.useFeed')}
      </label>
      <select id="tariff-feed" className={select} value={feedId} disabled={readOnly} data-testid="tariff-feed" onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('tariffs:feeds.noFeed')}</option>
        {feeds.map((f) => (
          <option key={f.feedId} value={String(f.feedId)}>
            {f.name}
          </option>
        ))}
        {!known && <option value={feedId}>#{feedId}</option>}
      </select>
      <p className="text-xs text-slate-500">{t('tariffs:feeds.feedHint')}</p>
      <FieldError error={errors['charges.dynamic.feedId']} testId="tariff-feed-error" />
    </div>
  );
}
