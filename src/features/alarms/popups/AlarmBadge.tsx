import { Link } from 'wouter';
import { selectBadge, selectPermissions } from '../../../../streams/selectors';
import { Icon } from '../../../components/Icon';
import { useStoreValue } from '../../../hooks/runtime';
import { useT } from '../../../hooks/useT';
import { href } from '../../../lib/paths';

/** SPEC §4 alarm badge: unresolved alarms of the current org, kept current by pushes; next to
 *  it, the way to every message (message.global). */
export function AlarmBadge() {
  const t = useT('alarms');
  const count = useStoreValue(selectBadge);
  const allMessages = useStoreValue(selectPermissions).has('message.list');
  return (
    <span className="inline-flex items-center">
      <Link
        href={href('alarm.alarmList')}
        aria-label={t('alarms:badge', { count })}
        title={t('alarms:badge', { count })}
        className="relative inline-flex size-8 items-center justify-center rounded-md hover:bg-slate-200/60 dark:hover:bg-slate-700/60"
      >
        <Icon name="alarm" className="size-5" />
        <span
          data-testid="alarm-badge"
          data-count={count}
          className={`absolute -top-0.5 -right-1 min-w-4.5 rounded-full px-1 text-center text-[10px] leading-4.5 font-semibold text-white ${count > 0 ? 'bg-red-700' : 'bg-slate-600'}`}
        >
          {count > 999 ? '999+' : count}
        </span>
      </Link>
      {/* every message across stations, with its read state */}
      {allMessages && (
        <Link
          href={href('message.global')}
          data-testid="badge-messages"
          aria-label={t('routes.messageGlobal')}
          title={t('routes.messageGlobal')}
          className="inline-flex size-8 items-center justify-center rounded-md text-xs hover:bg-slate-200/60 dark:hover:bg-slate-700/60"
        >
          <Icon name="operations" className="size-4" />
        </Link>
      )}
    </span>
  );
}
