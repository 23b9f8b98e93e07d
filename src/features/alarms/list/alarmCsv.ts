// The alarm list as a CSV file: every alarm of the filter (paged past the 1,000 on screen), each
// time in its row's zone, saved by the browser.
import { toCsv } from '../../../../protocol/csv';
import { saveCsv } from '../../../lib/download';
import type { AlarmRecord } from '../../../../streams/alarms/records';
import type { TFn } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/dateTime';
import { csvCellsOf, csvHeadOf } from './cells';

export function downloadAlarmsCsv(rows: readonly AlarmRecord[], t: TFn, namedZone: string | null, zoneOf: (stationId: number) => string): void {
  saveCsv(
    toCsv(
      csvHeadOf(t, namedZone),
      rows.map((r) => csvCellsOf(t, r, zoneOf(r.stationId))),
    ),
    `alarms-${formatDateTime(Date.now()).replace(/[-: ]/g, '')}.csv`,
  );
}
