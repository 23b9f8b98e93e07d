// The homepage's and the wall's two live trends name and colour their lines alike.
import type { TFn } from '../../i18n/i18n';

export const powerSeries = (t: TFn) => [
  { label: t('home:trend.pv'), color: '#f59e0b' },
  { label: t('home:trend.load'), color: '#6366f1' },
  { label: t('home:trend.ess'), color: '#13a37a' },
  { label: t('home:trend.grid'), color: '#0ea5e9' },
];
export const socSeries = (t: TFn) => [{ label: t('home:trend.soc'), color: '#13a37a' }];
