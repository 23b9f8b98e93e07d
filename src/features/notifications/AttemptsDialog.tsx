// One delivery's attempts: when, outcome, the receiver's error, how long it took, which replica.
import type { Delivery } from '../../../streams/notifications/deliveries';
import type { Zone } from '../../../protocol/site-time';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useT } from '../../hooks/useT';
import { formatDateTime } from '../../lib/dateTime';
import { CHANNEL_KEY, KIND_KEY, OUTCOME_KEY, STATUS_KEY, STATUS_TONE } from './labels';

export function AttemptsDialog({ delivery: d, zone, onClose }: { delivery: Delivery; zone: Zone; onClose: () => void }) {
  const t = useT('notifications');
  return (
    <Modal open onClose={onClose} title={`${t(KIND_KEY[d.kind])} · ${t(CHANNEL_KEY[d.channel])} · ${d.recipient}`} width={640} testId="attempts-dialog">
      <p className="mb-2 break-all text-sm text-slate-600 dark:text-slate-400">{d.address}</p>
      <p className="mb-2 text-sm">
        <span className={STATUS_TONE[d.status]}>{t(STATUS_KEY[d.status])}</span> · {t('notifications:log.attemptsOf', { count: d.attempts })} ·{' '}
        {t('notifications:log.zoneNote', { zone })}
      </p>
      <ol className="flex max-h-[50vh] flex-col gap-1 overflow-y-auto text-sm">
        {d.attemptLog.map((a, i) => (
          <li key={i} className="grid grid-cols-[150px_1fr] gap-x-2 border-b border-slate-100 pb-1 dark:border-slate-700" data-testid="attempt">
            <span className="font-mono text-xs">{formatDateTime(a.at, zone)}</span>
            <span className="min-w-0">
              <span
                className={
                  a.outcome === 'sent'
                    ? 'text-emerald-600'
                    : a.outcome === 'failed'
                      ? 'text-red-600'
                      : a.outcome === 'replayed'
                        ? 'text-blue-600'
                        : 'text-slate-500'
                }
              >
                {t(OUTCOME_KEY[a.outcome])}
              </span>
              {a.durationMs !== null && <span className="text-slate-500"> · {a.durationMs} ms</span>}
              <span className="text-slate-400"> · {a.outcome === 'replayed' && a.by ? t('notifications:log.by', { name: a.by }) : a.replica}</span>
              {a.error && <span className="block break-words text-red-700 dark:text-red-300">{a.error}</span>}
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose}>{t('app.close')}</Button>
      </div>
    </Modal>
  );
}
