// One scheduled report's deliveries, newest period first: sent (when), failed (the reason), or
// being sent.
import { useObservable, useObservableState } from 'observable-hooks';
import { map } from 'rxjs';
import { deliveries$ } from '../../../streams/reports/schedules';
import { Button } from '../../components/Button';
import { HeadRow } from '../../components/HeadRow';
import { Modal } from '../../components/Modal';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { DELIVERY_COLUMN_KEYS, DELIVERY_STATUS_KEY } from './keys';

const CELL = 'py-1 pr-3 align-top';
const STATUS_CLASS = { sent: 'text-emerald-700 dark:text-emerald-400', failed: 'text-red-600 dark:text-red-400', sending: 'text-slate-500' } as const;
const at = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');

export function DeliveryDialog({ scheduleId, onClose }: { scheduleId: number; onClose: () => void }) {
  const t = useT('reports');
  const { api } = useRuntime();
  const id$ = useObservable((in$) => in$.pipe(map(([id]) => id)), [scheduleId]);
  const list = useObservableState(
    useObservable(() => deliveries$(api, id$)),
    { data: null, failed: false },
  );
  const rows = list.data ?? [];
  return (
    <Modal open onClose={onClose} width={640} title={t('reports:schedules.history')} testId="delivery-dialog">
      <div className="flex flex-col gap-3 text-sm">
        {list.failed && (
          <p role="alert" className="text-red-600">
            {t('reports:errors.failed')}
          </p>
        )}
        {list.data !== null && rows.length === 0 && (
          <p className="text-slate-500" data-testid="delivery-none">
            {t('reports:schedules.noDeliveries')}
          </p>
        )}
        {rows.length > 0 && (
          <table className="w-full text-left" data-testid="delivery-list">
            <thead className="text-xs text-slate-500">
              <HeadRow labels={DELIVERY_COLUMN_KEYS.map((k) => t(k))} cellClass="py-1 pr-3 font-medium" />
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.periodKey} className="border-t border-slate-100 dark:border-slate-700" data-testid="delivery-row" data-status={d.status}>
                  <td className={CELL}>{d.periodKey}</td>
                  <td className={`${CELL} ${STATUS_CLASS[d.status]}`}>
                    {t(DELIVERY_STATUS_KEY[d.status])}
                    {d.error && (
                      <span className="block text-xs" data-testid="delivery-error">
                        {t('reports:schedules.reason', { reason: d.error })}
                      </span>
                    )}
                  </td>
                  <td className={CELL}>{at(d.claimedAt)}</td>
                  <td className={CELL}>{at(d.sentAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="flex justify-end">
          <Button data-testid="delivery-close" onClick={onClose}>
            {t('reports:export.close')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
