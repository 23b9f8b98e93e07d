// An alarm's "Shelve rule" action: opens the shelves view with the shelve dialog filled with the
// alarm's station, device and rule. Renders nothing without alarm.shelve.
import { Link } from 'wouter';
import { selectPermissions } from '../../../streams/selectors';
import { useStoreValue } from '../../hooks/runtime';
import type { TFn } from '../../i18n/i18n';
import { href } from '../../lib/paths';

export const shelveHref = (a: { stationId: number; deviceId: number | null; alarmRuleCode: string }): string =>
  href('alarm.shelves', { stationId: a.stationId, deviceId: a.deviceId, rule: a.alarmRuleCode });

type ShelveTarget = { stationId: number; deviceId: number | null; alarmRuleCode: string };

/** The link itself, for a list that has read the permission once for all its rows. */
export function ShelveAction({ r, t }: { r: ShelveTarget; t: TFn }) {
  return (
    <Link href={shelveHref(r)} data-testid="alarm-shelve" className="text-brand-700 hover:underline dark:text-brand-500">
      {t('alarms:handling.shelve')}
    </Link>
  );
}

export function ShelveLink({ r, t }: { r: ShelveTarget; t: TFn }) {
  const allowed = useStoreValue(selectPermissions).has('alarm.shelve');
  return allowed ? <ShelveAction r={r} t={t} /> : null;
}
