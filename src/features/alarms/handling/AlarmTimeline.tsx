// One alarm's timeline (presentational): what happened, who did it and when, oldest first. The
// device's own events (raised, recovered) name the device instead of a person.
import { TIMELINE_EVENT_KEY } from '../../../i18n/codeKeys';
import type { TFn } from '../../../i18n/i18n';
import type { TimelineEntry } from '../../../../streams/alarms/handling';
import type { Listed } from '../../../../streams/alarms/handling-reads';

const DOT: Record<TimelineEntry['event'], string> = {
  raised: 'bg-red-500',
  acked: 'bg-emerald-500',
  assigned: 'bg-sky-500',
  unassigned: 'bg-slate-400',
  commented: 'bg-slate-500',
  recovered: 'bg-emerald-600',
  resolved: 'bg-emerald-600',
};

export function AlarmTimeline({ list, t, fmt }: { list: Listed<TimelineEntry>; t: TFn; fmt: (iso: string) => string }) {
  if (list.rows === null) return <p className="text-sm text-slate-500">{t('alarms:handling.loading')}</p>;
  if (list.rows.length === 0) return <p className="text-sm text-slate-500">{t('alarms:handling.timelineEmpty')}</p>;
  return (
    <ol data-testid="alarm-timeline" className="max-h-56 space-y-2 overflow-y-auto pr-1 text-sm">
      {list.failed && <li className="text-xs text-amber-600">{t('alarms:handling.readFailed')}</li>}
      {list.rows.map((e, i) => (
        <li key={`${e.event}-${e.at}-${i}`} data-testid="timeline-entry" data-event={e.event} className="flex gap-2">
          <span className={`mt-1.5 size-2 shrink-0 rounded-full ${DOT[e.event]}`} aria-hidden="true" />
          <span className="min-w-0">
            <span className="font-medium">{t(TIMELINE_EVENT_KEY[e.event], { name: e.assigneeName ?? '-' })}</span>
            <span className="ml-2 text-xs text-slate-500">{t('alarms:handling.byAt', { by: e.by ?? t('alarms:handling.device'), at: fmt(e.at) })}</span>
            {e.text && <span className="block whitespace-pre-wrap break-words text-slate-600 dark:text-slate-300">{e.text}</span>}
          </span>
        </li>
      ))}
    </ol>
  );
}
