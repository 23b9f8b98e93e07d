// Historical Tariff (electricityPriceManagement.historyPrice): tariffs no longer in force, newest
// first, each with the dates it was in force (until the day before the one that replaced it),
// a link to the preview and the changes the replacing tariff made.
import { useObservable, useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { map } from 'rxjs';
import { addDateDays } from '../../../protocol/site-time';
import { Button } from '../../components/Button';
import { stationQuery } from '../../lib/paths';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { stationTariffs$, tariffHistory$ } from '../../../streams/tariffs/reads';
import { DiffView } from './DiffView';
import { useTariffStation } from './hooks';
import { LoadFailed, PreviewLink } from './PageParts';
import { TariffCard } from './TariffCard';

export default function HistoryPage() {
  const t = useT('tariffs');
  const { api } = useRuntime();
  const st = useTariffStation();
  const id$ = (in$: import('rxjs').Observable<[number | null]>) => in$.pipe(map(([id]) => id));
  const past = useObservableState(
    useObservable((in$) => tariffHistory$(api, id$(in$)), [st.stationId]),
    { data: null, failed: false },
  );
  const current = useObservableState(
    useObservable((in$) => stationTariffs$(api, id$(in$)), [st.stationId]),
    { data: null, failed: false },
  );
  const [open, setOpen] = useState<number | null>(null);
  const rows = past.data?.dataList ?? [];
  const query = st.stationId && st.providerId ? stationQuery(st.stationId, st.providerId) : {};

  return (
    <div data-testid="tariff-history" data-loaded={past.data !== null} className="flex flex-col gap-4">
      <h1 className="text-lg font-semibold">{t('tariffs:history.title')}</h1>
      <LoadFailed failed={past.failed} />
      {past.data && rows.length === 0 && <p className="text-sm text-slate-500">{t('tariffs:history.empty')}</p>}
      {rows.map((x, i) => {
        const next = i === 0 ? (current.data?.active ?? null) : rows[i - 1]!;
        const to = next ? addDateDays(next.effectiveDate, -1) : '';
        return (
          <div key={x.tariffId}>
            <TariffCard
              tariff={x}
              extra={<span data-testid="tariff-in-force">{t('tariffs:history.inForce', { from: x.effectiveDate, to })}</span>}
              actions={
                <>
                  <PreviewLink tariffId={x.tariffId} query={query} />
                  {next && (
                    <Button
                      aria-expanded={open === x.tariffId}
                      onClick={() => setOpen(open === x.tariffId ? null : x.tariffId)}
                      data-testid="tariff-diff-toggle"
                    >
                      {t('tariffs:history.diff')}
                    </Button>
                  )}
                </>
              }
            />
            {open === x.tariffId && next && <DiffView before={x} after={next} />}
          </div>
        );
      })}
    </div>
  );
}
