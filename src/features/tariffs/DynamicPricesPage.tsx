// Dynamic prices (electricityPriceManagement.dynamicPrices): the price feeds of the station's
// provider, one feed's day of interval prices (chart and table, on the feed's clock), a CSV import
// with its faults at their lines, the pull URL and the last pull's outcome, and "pull now". A
// tariff version uses a feed from the tariff editor's charges (docs/tariffs.md, "Dynamic prices").
import { useObservable, useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { map } from 'rxjs';
import { addDateDays, dateKey } from '../../../protocol/site-time';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { deletePriceFeed$, importPriceCsv$, pullPriceFeed$, savePriceFeed$ } from '../../../streams/tariffs/commands';
import { useDeletion } from './useDeletion';
import { priceFeedDay$, priceFeeds$, type PriceFeed } from '../../../streams/tariffs/reads';
import { CsvImportDialog } from './CsvImportDialog';
import { FeedDay } from './FeedDay';
import { FeedDialog, type FeedDraft } from './FeedDialog';
import { lineIssues, PULL_ERROR_KEY, type LineIssue } from './feeds';
import { useCommand, useReload, useTariffStation } from './hooks';
import { useCurrencyName } from './currency';

export default function DynamicPricesPage() {
  const t = useT('tariffs');
  const { api } = useRuntime();
  const st = useTariffStation();
  const currency = useCurrencyName(st.currency);
  const [reload$, reload] = useReload();
  const feeds = useObservableState(
    useObservable((in$) => priceFeeds$(api, in$.pipe(map(([p]) => p)), reload$), [st.providerId]),
    { data: null, failed: false },
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const feed: PriceFeed | undefined = feeds.data?.find((f) => f.feedId === chosen) ?? feeds.data?.[0];
  const [date, setDate] = useState<string | null>(null);
  const shownDate = date ?? (feed ? addDateDays(dateKey(feed.timezone, Date.now()), 1) : null);
  const day = useObservableState(
    useObservable(
      (in$) => priceFeedDay$(api, in$.pipe(map(([id, d]) => (id && d ? { feedId: id, date: d } : null))), reload$),
      [feed?.feedId ?? null, shownDate],
    ),
    { data: null, failed: false },
  );

  const [editing, setEditing] = useState<{ feed: PriceFeed | null } | null>(null);
  const [feedErrors, setFeedErrors] = useState<Record<string, string>>({});
  const save = useCommand(savePriceFeed$, (e) => {
    if (e.type === 'succeeded') {
      setEditing(null);
      setChosen(e.output.feedId);
      reload();
    } else if (e.type === 'failed')
      setFeedErrors(e.error.code === 'conflict' ? { name: e.error.reason ?? 'failed' } : Object.fromEntries(e.error.fields.map((f) => [f.path, f.issue])));
  });
  const [importing, setImporting] = useState(false);
  const [issues, setIssues] = useState<LineIssue[]>([]);
  const [imported, setImported] = useState<number | null>(null);
  const importCsv = useCommand(importPriceCsv$, (e) => {
    if (e.type === 'succeeded') {
      setImporting(false);
      setImported(e.output.stored);
      if (feed) setDate(dateKey(feed.timezone, Date.parse(e.output.firstStart)));
      reload();
    } else if (e.type === 'failed') setIssues(e.error.fields.length ? lineIssues(e.error.fields) : [{ line: 0, column: '', issue: 'failed' }]);
  });
  const pull = useCommand(pullPriceFeed$, (e) => e.type !== 'pending' && reload());
  const deletion = useDeletion(
    deletePriceFeed$,
    (f: PriceFeed) => f.feedId,
    () => (setChosen(null), reload()),
  );

  const draftOf = (f: PriceFeed | null): FeedDraft =>
    f
      ? { name: f.name, resolutionMinutes: f.resolutionMinutes, timezone: f.timezone, pullUrl: f.pullUrl ?? '', pullTime: f.pullTime ?? '' }
      : { name: '', resolutionMinutes: 15, timezone: st.zone ?? 'UTC', pullUrl: '', pullTime: '' };
  const select = 'rounded border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800';
  const last = feed?.lastPull;

  return (
    <div data-testid="dynamic-prices" data-loaded={feeds.data !== null} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold whitespace-nowrap">{t('tariffs:feeds.title')}</h1>
        <p className="text-xs text-slate-500">{t('tariffs:feeds.intro')}</p>
        {st.canEditTariff && (
          <Button
            variant="primary"
            className="ml-auto whitespace-nowrap"
            onClick={() => (setFeedErrors({}), setEditing({ feed: null }))}
            data-testid="feed-create"
          >
            {t('tariffs:feeds.create')}
          </Button>
        )}
      </div>
      {feeds.failed && (
        <p role="alert" className="text-sm text-red-600">
          {t('tariffs:config.loadFailed')}
        </p>
      )}
      {feeds.data && feeds.data.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-500">{t('tariffs:feeds.empty')}</p>
      )}
      {feed && (
        <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor="feed-choice" className="text-xs font-medium text-slate-600 dark:text-slate-400">
                {t('tariffs:feeds.feed')}
              </label>
              <select id="feed-choice" className={select} value={feed.feedId} onChange={(e) => (setChosen(Number(e.target.value)), setDate(null))}>
                {feeds.data!.map((f) => (
                  <option key={f.feedId} value={f.feedId}>
                    {f.name}
                  </option>
                ))}
              </select>
            </div>
            <TextField label={t('tariffs:preview.day')} type="date" value={shownDate ?? ''} onChange={(d) => setDate(d || null)} testId="feed-date" />
            <span className="pb-2 text-xs text-slate-500">
              {t('tariffs:feeds.facts', { minutes: feed.resolutionMinutes, zone: feed.timezone, count: feed.tariffs })}
            </span>
            {st.canEditTariff && (
              <span className="ml-auto flex gap-2 pb-1">
                <Button onClick={() => (setFeedErrors({}), setEditing({ feed }))}>{t('tariffs:actions.edit')}</Button>
                <Button onClick={() => (setIssues([]), setImporting(true))} data-testid="csv-import">
                  {t('tariffs:feeds.importCsv')}
                </Button>
                {feed.tariffs === 0 && (
                  <Button variant="danger" onClick={() => deletion.ask(feed)} data-testid="feed-delete">
                    {t('tariffs:actions.delete')}
                  </Button>
                )}
                {feed.pullUrl && (
                  <Button disabled={pull.pending} onClick={() => pull.run(feed.feedId)} data-testid="feed-pull">
                    {t('tariffs:feeds.pullNow')}
                  </Button>
                )}
              </span>
            )}
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="feed-pull-status">
            {feed.pullUrl ? t('tariffs:feeds.pullFrom', { url: feed.pullUrl, time: feed.pullTime ?? t('tariffs:feeds.onDemand') }) : t('tariffs:feeds.noUrl')}
            {last &&
              ` · ${
                last.error
                  ? t('tariffs:feeds.pullFailed', {
                      at: last.at.slice(0, 16).replace('T', ' '),
                      why: t(PULL_ERROR_KEY[last.error], { detail: last.detail ?? '' }),
                    })
                  : t('tariffs:feeds.pullOk', { at: last.at.slice(0, 16).replace('T', ' '), stored: last.stored, started: last.started })
              }`}
          </p>
          {imported !== null && (
            <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
              {t('tariffs:feeds.imported', { count: imported })}
            </p>
          )}
          {day.data && <FeedDay day={day.data} currency={currency} />}
        </div>
      )}
      {editing && (
        <FeedDialog
          title={t(editing.feed ? 'tariffs:feeds.titleEdit' : 'tariffs:feeds.titleNew')}
          initial={draftOf(editing.feed)}
          serverErrors={feedErrors}
          pending={save.pending}
          onClose={() => setEditing(null)}
          onSave={(d) =>
            save.run({
              ...(editing.feed ? { feedId: editing.feed.feedId } : st.providerId ? { orgId: st.providerId } : {}),
              name: d.name,
              resolutionMinutes: d.resolutionMinutes,
              timezone: d.timezone,
              ...(d.pullUrl.trim() ? { pullUrl: d.pullUrl.trim() } : {}),
              ...(d.pullTime.trim() ? { pullTime: d.pullTime.trim() } : {}),
            })
          }
        />
      )}
      {deletion.question(t('tariffs:feeds.deleteTitle'), (f) => t('tariffs:feeds.confirmDelete', { name: f?.name ?? '' }))}
      {importing && feed && (
        <CsvImportDialog
          feedName={feed.name}
          issues={issues}
          pending={importCsv.pending}
          onClose={() => setImporting(false)}
          onImport={(csv) => (setIssues([]), importCsv.run({ feedId: feed.feedId, csv }))}
        />
      )}
    </div>
  );
}
