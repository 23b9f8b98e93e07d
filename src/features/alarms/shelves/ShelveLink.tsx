// An alarm's "Shelve rule" action: opens the shelves view with the shelve dialog filled with the
// alarm's station, device and rule; the list that shows it has read alarm.shelve once for all rows.
import { Link } from 'wouter';
import type { TFn } from '../../../i18n/i18n';
import { href } from '../../../lib/paths';

export const shelveHref = (a: { stationId: number; deviceId: number | null; alarmRuleCode: string }): string =>
  href('alarm.shelves', { stationId: a.stationId, deviceId: a.deviceId, rule: a.alarmRuleCode });

type ShelveTarget = { stationId: number; deviceId: number | null; alarmRuleCode: string };

export function ShelveAction({ r, t }: { r: ShelveTarget; t: TFn }) {
  return (
    <Link href={shelveHref(r)} data-testid="alarm-shelve" className="text-brand-700 hover:underline dark:text-brand-500">
      {t('alarms:handling.shelve')}
    </Link>
  );
}
