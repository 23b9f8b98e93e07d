// What the handling state of an alarm says at a glance (presentational): shelved or in
// maintenance tags, who acknowledged it (the note and time in the tooltip), and its assignee.
import type { TFn } from '../../../i18n/i18n';

export interface HandlingState {
  ackedBy: string | null;
  ackedAt: string | null;
  ackNote: string | null;
  assigneeName: string | null;
  shelved: boolean;
  inMaintenance: boolean;
}

const tag = 'rounded px-1.5 py-px text-[10px] font-semibold whitespace-nowrap';

/** `cell`: it is a table row's cell (role="cell") */
export function HandlingMarks({ h, t, fmt, cell = false }: { h: HandlingState; t: TFn; fmt: (iso: string) => string; cell?: boolean }) {
  return (
    <span role={cell ? 'cell' : undefined} className="flex min-w-0 items-center gap-1.5 text-xs">
      {h.shelved && (
        <span data-testid="mark-shelved" className={`${tag} bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100`}>
          {t('alarms:handling.shelved')}
        </span>
      )}
      {h.inMaintenance && (
        <span data-testid="mark-maintenance" className={`${tag} bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-100`}>
          {t('alarms:handling.inMaintenance')}
        </span>
      )}
      {h.ackedAt && (
        <span
          data-testid="alarm-acked-by"
          className="truncate text-emerald-700 dark:text-emerald-400"
          title={`${t('alarms:handling.acked')}: ${t('alarms:handling.byAt', { by: h.ackedBy ?? '-', at: fmt(h.ackedAt) })}${h.ackNote ? ` · ${h.ackNote}` : ''}`}
        >
          ✓ {h.ackedBy}
        </span>
      )}
      {h.assigneeName && (
        <span data-testid="alarm-assignee" className="truncate text-slate-500" title={`${t('alarms:handling.assignee')}: ${h.assigneeName}`}>
          → {h.assigneeName}
        </span>
      )}
    </span>
  );
}
