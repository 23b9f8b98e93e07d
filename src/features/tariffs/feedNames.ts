// The price feeds of the route's provider, for the tariff editor's choice and for naming a
// version's feed in the preview and the history diff.
import { useObservable, useObservableState } from 'observable-hooks';
import { map } from 'rxjs';
import { useRuntime } from '../../hooks/runtime';
import { priceFeeds$, type PriceFeed } from '../../../streams/tariffs/reads';
import { useTariffStation } from './hooks';

export function useFeeds(): readonly PriceFeed[] {
  const { api } = useRuntime();
  const { providerId } = useTariffStation();
  const feeds = useObservableState(
    useObservable((in$) => priceFeeds$(api, in$.pipe(map(([p]) => p))), [providerId]),
    { data: null, failed: false },
  );
  return feeds.data ?? [];
}
