// What each device type's view shows (SPEC §2 equipment monitoring, §4 states): a headline state
// and the figures an operator looks at first, derived from the device's latest points.
import type { LiveDevice } from '../../../../streams/station/live';
import { pointNum } from '../../../../streams/station/live';
import type { TFn } from '../../../i18n/i18n';
import type { TKey } from '../../../i18n/i18n';
import { fmtNum, fmtValue, pointLabel } from '../format';
import { essStateKey, gridStateKey, pcsStateKey, stateKeyOf } from '../states';
import { formatDateTime } from '../../../lib/dateTime';

export interface Field {
  id: string;
  label: string;
  value: string;
  /** 'good' | 'warn' | 'bad' colours the value */
  tone?: 'good' | 'warn' | 'bad';
  /** spans both columns (long values such as a timestamp) */
  wide?: boolean;
}

const num = (d: LiveDevice, t: TFn, point: string, unit: string, digits = 1): Field => ({
  id: point,
  label: pointLabel(t, point),
  value: fmtValue(pointNum(d, point), unit, digits),
});
const stateField = (id: string, label: string, key: TKey | null, t: TFn, tone?: Field['tone']): Field => ({ id, label, value: key ? t(key) : '-', tone });

/** Charge state of a power with + = discharge. */
const chargeState = (t: TFn, p: number | null): string =>
  p === null ? '-' : p < -0.05 ? t('station:derived.charging') : p > 0.05 ? t('station:derived.discharging') : t('station:derived.idle');

export function fieldsOf(d: LiveDevice, t: TFn, timeZone?: string): Field[] {
  switch (d.type) {
    case 'pv_inverter':
      return [num(d, t, 'p', 'kW'), num(d, t, 'dcV', 'V'), num(d, t, 'tempC', '°C'), num(d, t, 'totalKwh', 'kWh')];
    case 'pcs': {
      const p = pointNum(d, 'p');
      return [
        stateField('on', t('station:points.on'), pcsStateKey(pointNum(d, 'on')), t, pointNum(d, 'on') === 1 ? 'good' : undefined),
        stateField('essState', t('station:points.essState'), essStateKey(pointNum(d, 'essState')), t),
        { id: 'chargeState', label: t('station:derived.chargeState'), value: chargeState(t, p) },
        num(d, t, 'p', 'kW'),
        num(d, t, 'tempC', '°C'),
        num(d, t, 'auxKw', 'kW', 2),
        num(d, t, 'chargeKwh', 'kWh'),
        num(d, t, 'dischargeKwh', 'kWh'),
      ];
    }
    case 'battery_cluster': {
      const vmax = pointNum(d, 'cellVmax');
      const vmin = pointNum(d, 'cellVmin');
      const tmax = pointNum(d, 'cellTmax');
      const tmin = pointNum(d, 'cellTmin');
      const dv = vmax !== null && vmin !== null ? (vmax - vmin) * 1000 : null;
      const dt = tmax !== null && tmin !== null ? tmax - tmin : null;
      const soh = pointNum(d, 'soh');
      return [
        num(d, t, 'soc', '%'),
        { id: 'soh', label: t('station:derived.soh'), value: fmtValue(soh, '%', 1), tone: soh !== null && soh < 80 ? 'warn' : undefined },
        num(d, t, 'p', 'kW'),
        num(d, t, 'v', 'V'),
        num(d, t, 'i', 'A'),
        num(d, t, 'cellVmax', 'V', 3),
        num(d, t, 'cellVmin', 'V', 3),
        {
          id: 'cellVspread',
          label: t('station:derived.cellVspread'),
          value: dv === null ? '-' : `${fmtNum(dv, 0)} mV`,
          tone: dv !== null && dv > 80 ? 'bad' : undefined,
        },
        num(d, t, 'cellTmax', '°C'),
        num(d, t, 'cellTmin', '°C'),
        { id: 'cellTspread', label: t('station:derived.cellTspread'), value: dt === null ? '-' : `${fmtNum(dt, 1)} °C` },
      ];
    }
    case 'generator':
      return [
        num(d, t, 'p', 'kW'),
        num(d, t, 'rpm', 'rpm', 0),
        num(d, t, 'coolantC', '°C'),
        num(d, t, 'fuelLevelPct', '%'),
        num(d, t, 'runHours', 'h'),
        num(d, t, 'fuelL', 'L'),
        num(d, t, 'energyKwh', 'kWh'),
      ];
    case 'charging_pile':
      return [num(d, t, 'p', 'kW'), num(d, t, 'sessionKwh', 'kWh'), num(d, t, 'vehicleSoc', '%', 0), num(d, t, 'totalKwh', 'kWh')];
    case 'load':
      return [num(d, t, 'p', 'kW'), num(d, t, 'energyKwh', 'kWh')];
    case 'gateway':
      return [
        { id: 'lastSeen', label: t('station:derived.lastSeen'), value: formatDateTime(d.lastSeen, timeZone), wide: true },
        num(d, t, 'cpuPct', '%'),
        { id: 'uptimeS', label: pointLabel(t, 'uptimeS'), value: fmtValue((pointNum(d, 'uptimeS') ?? NaN) / 3600, 'h') },
      ];
    case 'weather_station':
      return [num(d, t, 'ghi', 'W/m²', 0), num(d, t, 'poa', 'W/m²', 0), num(d, t, 'ambientC', '°C'), num(d, t, 'moduleC', '°C'), num(d, t, 'windMs', 'm/s')];
    case 'meter':
      return [
        stateField('gridState', t('station:points.gridState'), gridStateKey(pointNum(d, 'gridState')), t),
        num(d, t, 'p', 'kW'),
        num(d, t, 'v', 'V'),
        num(d, t, 'f', 'Hz', 2),
        num(d, t, 'importKwh', 'kWh'),
        num(d, t, 'exportKwh', 'kWh'),
      ];
    default:
      return d.points.map((x) => ({ id: x.point, label: pointLabel(t, x.point), value: fmtValue(x.value, x.unit) }));
  }
}

/** The headline state of a device (generator's 15 states, cluster's 7, …), or null. */
export const headlineState = (d: LiveDevice): TKey | null => stateKeyOf(d.type, d.state ?? pointNum(d, 'state'));

/** Points a trend opens with per type. */
export const DEFAULT_TREND_POINT: Record<string, string> = {
  pv_inverter: 'p',
  pcs: 'p',
  battery_cluster: 'soc',
  generator: 'p',
  charging_pile: 'p',
  load: 'p',
  gateway: 'cpuPct',
  weather_station: 'ghi',
  meter: 'p',
};
