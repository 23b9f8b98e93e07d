// Under a bill's demand line: how its billed kW came about — the month's own peak and when it
// happened on the station's clock, the ratchet's floor, and windows that lacked readings.
import type { BillDetail } from '../../../streams/reports/reads';
import { useT } from '../../hooks/useT';

type Demand = NonNullable<BillDetail['lines'][number]['demand']>;

export function DemandMakeUp({ demand: d, zone, num }: { demand: Demand; zone: string; num: (v: number) => string }) {
  const t = useT('reports');
  const parts = [
    d.peakKw !== null && d.peakLocal !== null
      ? t('reports:bills.peak', { kw: num(d.peakKw), when: d.peakLocal, zone, minutes: d.windowMinutes })
      : t('reports:bills.noPeak'),
    ...(d.ratchet ? [t('reports:bills.ratchet', { percent: d.ratchet.percent, months: d.ratchet.months, kw: num(d.ratchetKw) })] : []),
    ...(d.incompleteWindows > 0 ? [t('reports:bills.incomplete', { count: d.incompleteWindows })] : []),
  ];
  return (
    <tr data-testid="bill-demand-makeup">
      <td colSpan={5} className="border-b border-slate-100 px-2 pb-2 text-left text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        {parts.join(' · ')}
      </td>
    </tr>
  );
}
