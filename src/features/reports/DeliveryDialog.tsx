// One scheduled report's deliveries, newest period first: sent (when), failed (the reason), or
// being sent.
import { useObservable, useObservableState } from 'observable-hooks';
import { map } from 'rxjs';
import { deliveries$ } from '../../../streams/reports/schedules';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { DELIVERY_COLUMN_KEYS, DELIVERY_STATUS_KEY } from './keys';
import { RecordTable } from './RecordTable';

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
  return (
    <Modal open onClose={onClose} width={640} title={t('reports:schedules.history')} testId="delivery-dialog">
      <div className="flex flex-col gap-3 text-sm">
        <RecordTable name="delivery" rows={list.data} failed={list.failed} none={t('reports:schedules.noDeliveries')} heads={DELIVERY_COLUMN_KEYS}>
          {(d) => (
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
          )}
        </RecordTable>
        <div className="flex justify-end">
          <Button data-testid="delivery-close" onClick={onClose}>
            {t('reports:export.close')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
