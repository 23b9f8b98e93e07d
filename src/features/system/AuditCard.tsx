// One audit entry as a card, the audit list's row on a phone (below 640 px): the time and the
// outcome, who (account and organisation) did what, on which target, and the detail in full. The
// list measures each card, since the detail wraps to as many lines as it needs.
import { MeasuredCard, type CardPlace } from '../../widgets/VirtualRows';
import { memo } from 'react';
import type { Zone } from '../../../protocol/site-time';
import type { AuditEntry } from '../../../streams/system/audit';

export const AUDIT_CARD = 120;

/** An entry's marks for the tests, on its card and on its row alike. */
export const auditMarks = (e: AuditEntry) => ({ 'data-action': e.action, 'data-target': e.target ?? '', 'data-outcome': e.outcome });

interface AuditCardProps extends CardPlace {
  e: AuditEntry;
  /** the zone the time is read in: a card names it, having no column head to say it */
  zone: Zone;
  /** the entry as auditCells gives it: time, account, org, action, target, outcome, detail */
  cells: readonly string[];
}

export const AuditCard = memo(function AuditCard({ e, cells, zone, ...place }: AuditCardProps) {
  const [at, account, org, action, target, outcome, detail] = cells;
  return (
    <MeasuredCard {...place} data-testid="audit-card" {...auditMarks(e)} className="flex flex-col gap-1 border-b border-slate-200 p-3 dark:border-slate-700">
      <div className="flex items-baseline justify-between gap-2">
        <span className="text-xs text-slate-600 dark:text-slate-300">
          <span data-value className="font-mono whitespace-nowrap">
            {at}
          </span>{' '}
          <span className="text-[10px] text-slate-400">{zone}</span>
        </span>
        <span
          data-value
          className={`shrink-0 text-xs font-semibold ${e.outcome === 'ok' ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}
        >
          {outcome}
        </span>
      </div>
      <p className="font-medium break-words" data-testid="audit-card-action">
        {action}
      </p>
      <p className="text-sm break-words" data-testid="audit-card-who">
        {account} · <span className="text-slate-600 dark:text-slate-300">{org}</span>
      </p>
      <p className="text-sm break-words" data-testid="audit-card-target">
        {target}
      </p>
      {detail && detail !== '-' && (
        <p className="text-xs break-words text-slate-600 dark:text-slate-300" data-testid="audit-card-detail">
          {detail}
        </p>
      )}
    </MeasuredCard>
  );
});
