// Audit entries as a virtualized list (the audit log screen and an account's recent entries): a
// table of rows on a wide screen, and on a phone (below 640 px) a list of cards (AuditCard) in the
// same virtualizer, measured, so nothing scrolls sideways and no value is cut.
import type { AuditEntry } from '../../../streams/system/audit';
import { useT } from '../../hooks/useT';
import { useListZone } from '../../hooks/useZoneMode';
import { auditCells, auditHead } from './auditText';
import { AUDIT_CARD, AuditCard, auditMarks } from './AuditCard';
import { TableNote, tableRowCount } from '../../widgets/TableNote';
import { GridBody, GridHead, GridRow, TextCells } from '../../widgets/GridTable';
import { CardList, useRowsOrCards, VirtualRows } from '../../widgets/VirtualRows';

const ROW = 34;
const cols = 'grid grid-cols-[1.1fr_0.9fr_0.9fr_1fr_0.8fr_0.5fr_2fr] gap-3 px-3';

export function AuditRows({ rows, height }: { rows: readonly AuditEntry[]; height: number | string }) {
  const t = useT('system');
  const zone = useListZone();
  const list = useRowsOrCards(rows, ROW, AUDIT_CARD);
  const { scroller, v } = list;
  if (list.phone)
    return (
      <CardList
        list={list}
        label={t('routes.systemAudit')}
        style={{ height, minHeight: 240 }}
        testId="audit-rows"
        note={rows.length === 0 ? { text: t('noDate'), testId: 'empty' } : null}
        card={(e, place) => <AuditCard key={e.auditId} e={e} cells={auditCells(t, e, zone)} zone={zone} {...place} />}
      />
    );
  return (
    <div className="overflow-x-auto text-sm">
      <div role="table" aria-label={t('routes.systemAudit')} aria-rowcount={tableRowCount(rows.length)} className="min-w-[960px]">
        <GridHead grid={cols} heads={auditHead(t, zone)} />
        <GridBody scroller={scroller} label={t('routes.systemAudit')} style={{ height }} testId="audit-rows">
          {rows.length === 0 && <TableNote testId="empty">{t('noDate')}</TableNote>}
          <VirtualRows
            v={v}
            rows={rows}
            rowHeight={ROW}
            row={(e, style, it) => {
              const c = auditCells(t, e, zone);
              return (
                <GridRow key={e.auditId} grid={cols} index={it.index} data-testid="audit-row" {...auditMarks(e)} style={style}>
                  <span role="cell" className="truncate font-mono text-xs">
                    {c[0]}
                  </span>
                  <TextCells texts={c.slice(1, 5)} />
                  <span role="cell" className={e.outcome === 'ok' ? 'text-emerald-600' : 'text-red-600'}>
                    {c[5]}
                  </span>
                  <span role="cell" className="truncate text-xs text-slate-500" title={c[6]}>
                    {c[6]}
                  </span>
                </GridRow>
              );
            }}
          />
        </GridBody>
      </div>
    </div>
  );
}
