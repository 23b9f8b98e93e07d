// An alarm's "Shelve rule" action: opens the shelves view with the shelve dialog filled with the
// alarm's station, device and rule. Renders nothing without alarm.shelve.
import { Link } from 'wouter';
import { selectPermissions } from '../../../streams/selectors';
import { useStoreValue } from '../../hooks/runtime';
import type { TFn } from '../../i18n/i18n';
import { href } from '../../lib/paths';

export const shelveHref = (a: { stationId: number; deviceId: number | null; alarmRuleCode: string }): string =>
  href('alarm.shelves', { stationId: a.stationId, deviceId: a.deviceId, rule: a.alarmRuleCode });

export function ShelveLink({ r, t }: { r: { stationId: number; deviceId: number | null; alarmRuleCode: string }; t: TFn }) {
  const allowed = useStoreValue(selectPermissions).has('alarm.shelve');
  if (!allowed) return null;
  return (
    <Link href={shelveHref(r)} data-testid="alarm-shelve" className="text-brand-700 hover:underline dark:text-brand-500">
      {t('alarms:handling.shelve')}
    </Link>
  );
}
