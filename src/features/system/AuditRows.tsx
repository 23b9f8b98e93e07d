// Audit entries as a virtualized list (the audit log screen and an account's recent entries): a
// table of rows on a wide screen, and on a phone (below 640 px) a list of cards (AuditCard) in the
// same virtualizer, measured, so nothing scrolls sideways and no value is cut.
import type { AuditEntry } from '../../../streams/system/audit';
import { usePhone } from '../../hooks/usePhone';
import { useT } from '../../hooks/useT';
import { useListZone } from '../../hooks/useZoneMode';
import { auditCells, auditHead } from './auditText';
import { AUDIT_CARD, AuditCard } from './AuditCard';
import { TableNote, bodyRowIndex, tableRowCount } from '../../widgets/TableNote';
import { useVirtualList, VirtualCards, VirtualRows } from '../../widgets/VirtualRows';
import { SCROLL_PANE } from '../../widgets/scrollPane';

const ROW = 34;
const cols = 'grid grid-cols-[1.1fr_0.9fr_0.9fr_1fr_0.8fr_0.5fr_2fr] gap-3 px-3';

export function AuditRows({ rows, height }: { rows: readonly AuditEntry[]; height: number | string }) {
  const t = useT('system');
  const zone = useListZone();
  const phone = usePhone();
  const { scroller, v } = useVirtualList(rows.length, phone ? AUDIT_CARD : ROW, phone ? 6 : 12);
  if (phone)
    return (
      <div
        ref={scroller}
        role="list"
        tabIndex={0}
        aria-label={t('routes.systemAudit')}
        style={{ height, minHeight: 240 }}
        className={`text-sm ${SCROLL_PANE}`}
        data-testid="audit-rows"
      >
        {rows.length === 0 && (
          <p role="listitem" data-testid="empty" className="p-6 text-center text-slate-500">
            {t('noDate')}
          </p>
        )}
        <VirtualCards
          v={v}
          rows={rows}
          card={(e, it) => (
            <AuditCard key={e.auditId} e={e} cells={auditCells(t, e, zone)} zone={zone} index={it.index} top={it.start} measure={v.measureElement} />
          )}
        />
      </div>
    );
  return (
    <div className="overflow-x-auto text-sm">
      <div role="table" aria-label={t('routes.systemAudit')} aria-rowcount={tableRowCount(rows.length)} className="min-w-[960px]">
        <div role="row" aria-rowindex={1} className={`${cols} border-b border-slate-200 py-2 text-xs font-semibold text-slate-500 dark:border-slate-700`}>
          {auditHead(t, zone).map((h) => (
            <span key={h} role="columnheader" className="truncate">
              {h}
            </span>
          ))}
        </div>
        <div
          ref={scroller}
          role="rowgroup"
          tabIndex={0}
          aria-label={t('routes.systemAudit')}
          style={{ height }}
          className={SCROLL_PANE}
          data-testid="audit-rows"
        >
          {rows.length === 0 && <TableNote testId="empty">{t('noDate')}</TableNote>}
          <VirtualRows
            v={v}
            rows={rows}
            rowHeight={ROW}
            row={(e, style, it) => {
              const c = auditCells(t, e, zone);
              return (
                <div
                  key={e.auditId}
                  role="row"
                  aria-rowindex={bodyRowIndex(it.index)}
                  data-testid="audit-row"
                  data-action={e.action}
                  data-target={e.target ?? ''}
                  data-outcome={e.outcome}
                  style={style}
                  className={`${cols} items-center border-b border-slate-100 dark:border-slate-800`}
                >
                  <span role="cell" className="truncate font-mono text-xs">
                    {c[0]}
                  </span>
                  <span role="cell" className="truncate">
                    {c[1]}
                  </span>
                  <span role="cell" className="truncate">
                    {c[2]}
                  </span>
                  <span role="cell" className="truncate">
                    {c[3]}
                  </span>
                  <span role="cell" className="truncate">
                    {c[4]}
                  </span>
                  <span role="cell" className={e.outcome === 'ok' ? 'text-emerald-600' : 'text-red-600'}>
                    {c[5]}
                  </span>
                  <span role="cell" className="truncate text-xs text-slate-500" title={c[6]}>
                    {c[6]}
                  </span>
                </div>
              );
            }}
          />
        </div>
      </div>
    </div>
  );
}
