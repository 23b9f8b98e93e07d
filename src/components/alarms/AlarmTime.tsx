// An alarm time as a table shows it: wall-clock time in the chosen zone, and in station mode the
// station's zone named under it (a list can span zones, so each cell says which).
import type { Zone } from '../../../protocol/site-time';
import { formatDateTime } from '../../lib/dateTime';

/** `cell`: it is a table row's cell (role="cell") */
export function AlarmTime({ iso, zone, named, testId, cell = false }: { iso: string | null; zone: Zone; named: boolean; testId?: string; cell?: boolean }) {
  const text = formatDateTime(iso, zone);
  // a value: its column is sized to hold it whole (the layout guard checks it is never cut)
  return (
    <span role={cell ? 'cell' : undefined} data-testid={testId} data-zone={zone} className="flex min-w-0 flex-col leading-tight">
      <span data-value className="truncate font-mono text-xs whitespace-nowrap" title={iso ? text : undefined}>
        {text}
      </span>
      {named && iso && <span className="truncate text-[10px] text-slate-400">{zone}</span>}
    </span>
  );
}
