// Share links of the site report's station: create one for the month or year of a date (the
// token is shown only now), list them with who made them, revoke one at once.
import { useObservable, useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { Subject, map } from 'rxjs';
import type { CommandEvent } from '../../../streams/commands/command';
import { createShare$, revokeShare$, type CreateShare } from '../../../streams/reports/commands';
import { shareList$, type ShareItem } from '../../../streams/reports/reads';
import { Button } from '../../components/Button';
import { href } from '../../lib/paths';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { useCommand } from './hooks';
import { SHARE_COLUMN_KEYS, SHARE_STATUS_KEY } from './keys';
import { RecordTable } from './RecordTable';

const INPUT = 'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-800';

export function SharePanel({ stationId, date }: { stationId: number; date: string }) {
  const t = useT('reports');
  const { api } = useRuntime();
  const [kind, setKind] = useState<'month' | 'year'>('month');
  const [days, setDays] = useState(30);
  const [link, setLink] = useState<string | null>(null);
  const [reload$] = useState(() => new Subject<void>());
  const list$ = useObservable((in$) => shareList$(api, in$.pipe(map(([id]) => id)), reload$), [stationId]);
  const list = useObservableState(list$, { data: null, failed: false });
  const create = useCommand(createShare$, (e: CommandEvent<CreateShare, ShareItem & { shareToken: string }>) => {
    if (e.type !== 'succeeded') return;
    const route = e.output.kind === 'month' ? 'report.monthReport' : 'report.yearReport';
    setLink(`${window.location.origin}${href(route, { token: e.output.shareToken })}`);
    reload$.next();
  });
  const revoke = useCommand(revokeShare$, (e) => e.type === 'succeeded' && reload$.next());
  const rows = list.data?.dataList ?? [];
  return (
    <section
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
      data-testid="share-panel"
    >
      <h2 className="font-semibold text-slate-600 dark:text-slate-300">{t('reports:share.title')}</h2>
      <div className="flex flex-wrap items-center gap-3">
        <select className={INPUT} data-testid="share-kind" value={kind} onChange={(e) => setKind(e.target.value === 'year' ? 'year' : 'month')}>
          <option value="month">{t('reports:share.month')}</option>
          <option value="year">{t('reports:share.year')}</option>
        </select>
        <span className="text-slate-500">{kind === 'month' ? date.slice(0, 7) : date.slice(0, 4)}</span>
        <label className="flex items-center gap-1">
          <span className="text-slate-500">{t('reports:share.days')}</span>
          <input
            type="number"
            min={1}
            max={365}
            className={`${INPUT} w-20`}
            data-testid="share-days"
            value={days}
            onChange={(e) => setDays(Math.min(365, Math.max(1, Number(e.target.value) || 1)))}
          />
        </label>
        <Button
          variant="primary"
          data-testid="share-create"
          disabled={create.pending || !date}
          onClick={() => create.run({ stationId, kind, date, expiresInDays: days })}
        >
          {t('reports:share.create')}
        </Button>
      </div>
      {link && (
        <p className="flex items-center gap-2">
          <span className="text-slate-500">{t('reports:share.newLink')}</span>
          <a href={link} target="_blank" rel="noreferrer" className="break-all text-brand-600 hover:underline" data-testid="share-link">
            {link}
          </a>
        </p>
      )}
      <RecordTable name="share" rows={rows} none={t('reports:share.none')} heads={SHARE_COLUMN_KEYS} headClass="py-1 font-medium" actions>
        {(s) => (
          <tr key={s.shareId} className="border-t border-slate-100 dark:border-slate-800" data-testid="share-row" data-share={s.shareId} data-status={s.status}>
            <td className="py-1">{s.period}</td>
            <td>{s.createdBy}</td>
            <td>{s.createdAt.slice(0, 16).replace('T', ' ')}</td>
            <td>{s.expiresAt.slice(0, 10)}</td>
            <td>{t(SHARE_STATUS_KEY[s.status])}</td>
            <td className="text-right">
              {s.status === 'active' && (
                <Button variant="danger" data-testid="share-revoke" disabled={revoke.pending} onClick={() => revoke.run(s.shareId)}>
                  {t('reports:share.revoke')}
                </Button>
              )}
            </td>
          </tr>
        )}
      </RecordTable>
    </section>
  );
}
