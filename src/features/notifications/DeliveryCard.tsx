// A delivery on a phone: when (zone named), status and attempts, channel and address, the kind
// of message and its alarm, the last error, and Replay when it is dead and the reader may replay.
import type { Delivery } from '../../../streams/notifications/deliveries';
import type { Zone } from '../../../protocol/site-time';
import { useT } from '../../hooks/useT';
import { ReplayButton } from './deliveryColumns';
import { formatDateTime } from '../../lib/dateTime';
import { CHANNEL_KEY, KIND_KEY, STATUS_KEY, STATUS_TONE } from './labels';

export const DELIVERY_CARD_HEIGHT = 92;

export function DeliveryCard({ d, zone, onReplay }: { d: Delivery; zone: Zone; onReplay: ((d: Delivery) => void) | null }) {
  const t = useT('notifications');
  const address = d.channel === 'push' ? t('notifications:log.browsers') : d.address;
  return (
    <div className="flex h-full flex-col justify-center gap-0.5 border-b border-slate-100 px-3 text-sm dark:border-slate-800" data-testid="delivery-card">
      <div className="flex items-center gap-2">
        <span data-value className="font-mono text-xs">
          {formatDateTime(d.createdAt, zone)} ({zone})
        </span>
        <span className={`ml-auto ${STATUS_TONE[d.status]}`}>
          {t(STATUS_KEY[d.status])} · {d.attempts}
        </span>
        {onReplay && d.status === 'dead' && <ReplayButton d={d} t={t} onReplay={onReplay} />}
      </div>
      <div className="truncate">
        {t(KIND_KEY[d.kind])}
        {d.alarmId !== null ? ` #${d.alarmId}` : ''} · {d.recipient}
      </div>
      <div className="truncate text-xs text-slate-500" title={address}>
        {t(CHANNEL_KEY[d.channel])} · {address}
      </div>
      {d.lastError && (
        <div className="truncate text-xs text-red-600" title={d.lastError}>
          {d.lastError}
        </div>
      )}
    </div>
  );
}
