// Number, age and time formatting for the station screens (codes in, text out).
import type { TFn } from '../../i18n/i18n';
import { DEVICE_TYPE_KEY, labelOf } from '../../i18n/codeKeys';
import { catalogueText } from '../../i18n/lookup';
import { numberFormat } from '../../lib/numberFormat';

export const fmtNum = (v: number | null | undefined, digits = 1): string => {
  if (v === null || v === undefined || !Number.isFinite(v)) return '-';
  const abs = Math.abs(v);
  const d = abs >= 1000 ? 0 : abs >= 100 ? Math.min(1, digits) : digits;
  return numberFormat(d, 'en-US').format(v);
};

export const fmtValue = (v: number | string | null | undefined, unit: string, digits = 2): string => {
  if (v === null || v === undefined) return '-';
  if (typeof v === 'string') return v;
  return unit ? `${fmtNum(v, digits)} ${unit}` : fmtNum(v, digits);
};

/** "12 s ago" style age of an instant. */
export const fmtAge = (t: TFn, at: number | null, now: number): string => {
  if (at === null) return t('station:common.ageNever');
  const s = Math.max(0, Math.round((now - at) / 1000));
  const age =
    s < 120
      ? t('station:common.seconds', { n: s })
      : s < 7200
        ? t('station:common.minutes', { n: Math.round(s / 60) })
        : s < 172_800
          ? t('station:common.hours', { n: Math.round(s / 3600) })
          : t('station:common.days', { n: Math.round(s / 86_400) });
  return t('station:common.age', { age });
};

export const pointLabel = (_t: TFn, point: string): string => catalogueText('station', `points.${point}`) ?? point;

export const typeLabel = (_t: TFn, type: string): string => labelOf(DEVICE_TYPE_KEY, type);
