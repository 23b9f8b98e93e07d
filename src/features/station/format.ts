// Number, age and time formatting for the station screens (codes in, text out).
import { lookupText, type TFn } from '../../i18n/i18n';
import type { TKey } from '../../i18n/keys';

const numberFormats = new Map<number, Intl.NumberFormat>();
const numberFormat = (d: number): Intl.NumberFormat => {
  let f = numberFormats.get(d);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { maximumFractionDigits: d, minimumFractionDigits: 0 });
    numberFormats.set(d, f);
  }
  return f;
};

export const fmtNum = (v: number | null | undefined, digits = 1): string => {
  if (v === null || v === undefined || !Number.isFinite(v)) return '-';
  const abs = Math.abs(v);
  const d = abs >= 1000 ? 0 : abs >= 100 ? Math.min(1, digits) : digits;
  return numberFormat(d).format(v);
};

export const fmtValue = (v: number | string | null | undefined, unit: string, digits = 2): string => {
  if (v === null || v === undefined) return '-';
  if (typeof v === 'string') return v;
  return unit ? `${fmtNum(v, digits)} ${unit}` : fmtNum(v, digits);
};

/** "12 s ago" style age of an instant. */
export const fmtAge = (t: TFn, at: number | null, now: number): string => {
  if (at === null) return t('station.common.ageNever');
  const s = Math.max(0, Math.round((now - at) / 1000));
  const age =
    s < 120 ? t('station.common.seconds', { n: s })
    : s < 7200 ? t('station.common.minutes', { n: Math.round(s / 60) })
    : s < 172_800 ? t('station.common.hours', { n: Math.round(s / 3600) })
    : t('station.common.days', { n: Math.round(s / 86_400) });
  return t('station.common.age', { age });
};

/** Local date-time in a time zone, `YYYY-MM-DD HH:mm:ss` (formatters cached: building an
 *  Intl.DateTimeFormat costs more than a table row's whole render). */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (timeZone: string | undefined): Intl.DateTimeFormat => {
  const k = timeZone ?? '';
  let f = formatters.get(k);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(k, f);
  }
  return f;
};
export const fmtTime = (ms: number | string | null, timeZone?: string): string => {
  if (ms === null) return '-';
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '-';
  const parts = formatter(timeZone).formatToParts(d);
  const g = (k: string) => parts.find((p) => p.type === k)?.value ?? '';
  return `${g('year')}-${g('month')}-${g('day')} ${g('hour')}:${g('minute')}:${g('second')}`;
};

export const pointLabel = (_t: TFn, point: string): string => lookupText(`station.points.${point}`) ?? point;

const TYPES = new Set(['pv_inverter', 'pcs', 'battery_cluster', 'generator', 'charging_pile', 'load', 'gateway', 'weather_station', 'meter']);
export const typeLabel = (t: TFn, type: string): string => (TYPES.has(type) ? t(`station.types.${type}` as TKey) : type);
