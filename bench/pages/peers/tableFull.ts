// The peers' table: every record one DOM row of a plain <table> (MyEMS and most vendor portals),
// given its fastest path: one HTML string set once, fixed table layout (no column measuring).
import { ALARM_COLUMNS, alarms } from './data';
import { afterPaint, scrollFrames } from './timing';
import type { TableView } from './views';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const view: TableView = {
  async mount(n) {
    const rows = alarms(n);
    const box = document.createElement('div');
    box.style.cssText = 'width:1600px;height:900px;overflow:auto;font:14px sans-serif';
    box.dataset.testid = 'full-table';
    document.getElementById('root')!.append(box);
    const t0 = performance.now();
    const head = `<thead><tr>${ALARM_COLUMNS.map((c) => `<th style="width:${c.size}px;text-align:left">${esc(c.label)}</th>`).join('')}</tr></thead>`;
    const body = rows.map((r) => `<tr>${ALARM_COLUMNS.map((c) => `<td>${esc(String(r[c.key]))}</td>`).join('')}</tr>`).join('');
    box.innerHTML = `<style>#peer-table td{white-space:nowrap;overflow:hidden;height:35px;padding:0 6px;border-bottom:1px solid #f1f5f9}</style><table id="peer-table" style="table-layout:fixed;width:100%;border-spacing:0">${head}<tbody>${body}</tbody></table>`;
    await afterPaint();
    return performance.now() - t0;
  },
  scroll: (steps) => scrollFrames(document.querySelector('[data-testid=full-table]')!, 1, steps),
  rows: () => document.querySelectorAll('[data-testid=full-table] tbody tr').length,
};
export default view;
