// A station as the station list's card on a phone (below 640 px): its name and status, where it
// is and what it is, whether it is online, and its PV and storage sizes; a tap opens the overview
// (the list's row click).
import type { TFn } from '../../i18n/i18n';
import { formatEnergy, formatPower } from '../../../streams/format/energy';
import type { StationSummary } from '../../../streams/monitor/stations';
import { STATUS_KEYS, StatusIcon, SYSTEM_TYPE_KEYS } from '../../components/stationLabels';
import { MaintenanceTag } from '../../components/alarms/MaintenanceTag';
import { regionName } from './regions';

export const STATION_CARD = 96;

export function StationRowCard({ s, t, maintenance }: { s: StationSummary; t: TFn; maintenance: boolean }) {
  const status = t(STATUS_KEYS[s.stationStatus] ?? 'monitor:status.offline');
  const type = SYSTEM_TYPE_KEYS[s.systemType];
  const figure = (label: string, value: string) => (
    <span className="min-w-0">
      <span className="block truncate text-[11px] text-slate-500 dark:text-slate-400">{label}</span>
      <span className="block font-mono text-xs whitespace-nowrap" data-value>
        {value}
      </span>
    </span>
  );
  return (
    <div className="flex h-full flex-col justify-between gap-1" data-testid="station-card" data-station={s.stationId}>
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-medium text-brand-700 dark:text-brand-500">{s.stationName}</span>
        <span className="inline-flex shrink-0 items-center gap-1.5 text-xs">
          <StatusIcon status={s.stationStatus} label={status} />
          {status}
          {maintenance && <MaintenanceTag t={t} />}
        </span>
      </div>
      <p className="truncate text-xs text-slate-600 dark:text-slate-300">
        {regionName(s.region)} · {type ? t(type) : '-'} ·{' '}
        <span className={s.online ? 'text-brand-700 dark:text-brand-500' : 'text-slate-500'} data-online={s.online}>
          {t(s.online ? 'monitor:online' : 'monitor:offline')}
        </span>
      </p>
      <div className="grid grid-cols-3 gap-2">
        {figure(t('monitor:col.pvCapacity'), formatPower(s.pvCapacityKw))}
        {figure(t('monitor:col.essPower'), formatPower(s.essPowerKw))}
        {figure(t('monitor:col.essCapacity'), formatEnergy(s.essCapacityKwh))}
      </div>
    </div>
  );
}
