// Our virtualized table (TanStack Table + TanStack Virtual, src/widgets/VirtualTable) with the
// alarm list's columns: only the rows in view are in the DOM.
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { VirtualTable } from '../../../src/widgets/VirtualTable';
import { ALARM_COLUMNS, alarms, type BenchAlarm } from './data';
import { afterPaint, scrollFrames } from './timing';
import type { TableView } from './views';

const columns: ColumnDef<BenchAlarm>[] = ALARM_COLUMNS.map((c) => ({ id: c.key, accessorKey: c.key, header: c.label, size: c.size }));

function AlarmTable({ rows }: { rows: BenchAlarm[] }) {
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), getRowId: (r) => String(r.alarmId) });
  return <VirtualTable table={table} empty="none" testId="alarm-table" />;
}

const view: TableView = {
  async mount(n) {
    const rows = alarms(n);
    const box = document.createElement('div');
    box.style.cssText = 'width:1600px;height:900px;display:flex;flex-direction:column';
    document.getElementById('root')!.append(box);
    const t0 = performance.now();
    const root = createRoot(box);
    flushSync(() => root.render(<AlarmTable rows={rows} />));
    await afterPaint();
    return performance.now() - t0;
  },
  scroll: (steps) => scrollFrames(document.querySelector('[data-testid=alarm-table]')!, 1, steps),
  rows: () => document.querySelectorAll('[data-testid=alarm-table] [role=row]').length - 1,
};
export default view;
