// Distribution records of one strategy (SPEC §2) and one record's detail: status with the
// gateway's reason, who issued it and when, when the gateway answered, when the station was seen
// following it, and exactly the parameters that were sent. Pending records re-read themselves.
import { useObservable, useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { map } from 'rxjs';
import { Modal } from '../../components/Modal';
import { formatDateTime } from '../../lib/dateTime';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { gatewayReasonText } from '../../i18n/codeKeys';
import { distribution$, distributions$, type Strategy } from '../../../streams/strategies/reads';
import { useReload } from './hooks';
import { ISSUE_KEY, STATUS_TONE } from './texts';
import { useIdRead } from './useIdRead';
import { useLiveWhilePending } from './useLive';

const when = (iso: string | null | undefined, zone: string) => (iso ? formatDateTime(iso, zone) : null);

function Detail({ id, zone, onClose }: { id: number; zone: string; onClose: () => void }) {
  const t = useT('modes');
  const [reload$, reload] = useReload();
  const rec = useIdRead(distribution$, id, reload$).data;
  useLiveWhilePending(rec?.status === 0 || (rec?.status === 1 && !rec.followedAt), reload);
  const row = (label: string, value: string | null, testId: string) => (
    <div className="contents">
      <dt className="text-slate-500">{label}</dt>
      <dd data-testid={testId}>{value ?? t('modes:records.notYet')}</dd>
    </div>
  );
  return (
    <Modal open onClose={onClose} title={t('modes:records.detail')} width={640} testId="distribution-detail">
      {rec && (
        <div className="flex flex-col gap-3 text-sm">
          <dl className="grid grid-cols-[160px_minmax(0,1fr)] gap-y-1">
            {row(t('modes:records.status'), t(ISSUE_KEY[rec.status] ?? 'modes:status.pending'), 'detail-status')}
            {rec.reason && row(t('modes:records.reason'), gatewayReasonText(rec.reason), 'detail-reason')}
            {row(t('modes:records.operator'), rec.operator, 'detail-operator')}
            {row(t('modes:records.issuedAt'), when(rec.issuedAt, zone), 'detail-issued')}
            {row(t('modes:records.ackedAt'), when(rec.ackedAt, zone), 'detail-acked')}
            {row(t('modes:records.followedAt'), when(rec.followedAt, zone), 'detail-followed')}
          </dl>
          <h3 className="font-semibold">{t('modes:records.sent')}</h3>
          <pre data-testid="detail-snapshot" className="max-h-72 overflow-auto rounded bg-slate-50 p-2 text-xs dark:bg-slate-800">
            {JSON.stringify(rec.snapshot, null, 2)}
          </pre>
        </div>
      )}
    </Modal>
  );
}

export function Distributions({ strategy, zone, reloadSignal }: { strategy: Strategy; zone: string; reloadSignal: number }) {
  const t = useT('modes');
  const { api } = useRuntime();
  const [reload$, reload] = useReload();
  const list = useObservableState(
    useObservable(
      (in$) => distributions$(api, in$.pipe(map(([s, id]) => ({ stationId: s, strategyId: id }))), reload$),
      [strategy.stationId, strategy.strategyId, reloadSignal],
    ),
    { data: null, failed: false },
  );
  const rows = list.data?.dataList ?? [];
  useLiveWhilePending(
    rows.some((r) => r.status === 0),
    reload,
  );
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="flex flex-col gap-1" data-testid="distribution-records">
      <h3 className="text-sm font-semibold">
        {t('modes:records.title')} · {strategy.name}
      </h3>
      {list.data && rows.length === 0 && <p className="text-sm text-slate-500">{t('modes:records.empty')}</p>}
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-slate-500">
          <tr>
            <th>{t('modes:records.issuedAt')}</th>
            <th>{t('modes:records.operator')}</th>
            <th>{t('modes:records.status')}</th>
            <th>{t('modes:records.reason')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.distributionId} data-testid="distribution-row" data-status={r.status} className="border-t border-slate-100 dark:border-slate-800">
              <td className="py-1">{when(r.issuedAt, zone)}</td>
              <td>{r.operator ?? '-'}</td>
              <td>
                <span className={`rounded px-1.5 py-0.5 text-xs ${STATUS_TONE[r.status]}`}>
                  {r.status === 0 ? t('modes:status.pending') : t(ISSUE_KEY[r.status]!)}
                </span>
              </td>
              <td className="max-w-64 truncate" title={r.reason ? gatewayReasonText(r.reason) : ''}>
                {r.reason ? gatewayReasonText(r.reason) : ''}
              </td>
              <td>
                <button
                  type="button"
                  className="text-brand-700 hover:underline dark:text-brand-500"
                  onClick={() => setOpen(r.distributionId)}
                  data-testid="distribution-open"
                >
                  {t('modes:records.detail')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open !== null && <Detail id={open} zone={zone} onClose={() => setOpen(null)} />}
    </div>
  );
}
