// Time-of-use schedules behind the demo fleet's tariffs (server/db/seed.ts): modelled on the local
// ones, prices converted to USD and rounded. See docs/seed.md.

import type { Period } from '../../protocol/codes';

export type TariffZoneId = 'cn-east' | 'cn-south' | 'cn-southwest' | 'cn-northwest' | 'de' | 'au' | 'ke' | 'cl' | 'ph' | 'th' | 'vn';

export interface TariffZone {
  /** tariff names in the station's language */
  zh: string;
  en: string;
  /** from-grid price per period, USD/kWh */
  prices: Partial<Record<Period, number>>;
  /** feed-in price, USD/kWh (same in every period) */
  feedIn: number;
  /** months of all seasons cover 1..12 exactly once; slots cover 00:00-24:00 contiguously */
  seasons: { months: number[]; factor: number; slots: [string, string, Period][] }[];
}

/**
 * A provider's money is in its own currency: the demo writes the USD figures below in it at a
 * fixed rate per USD (one conversion, when the rows are made; the server never converts). CNY at
 * 7.1 puts the Chinese schedules where the local ones are: Jiangsu 0.30 valley to 1.14 sharp,
 * coal benchmark feed-in 0.39 CNY/kWh; diesel 7.5-10.6 CNY/L.
 */
export const PER_USD: Readonly<Record<string, number>> = { USD: 1, CNY: 7.1 };
export const perUsd = (currency: string): number => PER_USD[currency] ?? 1;

/** A season as written below: [months, price factor, '00:00 valley, 08:00 peak, …']. */
type SeasonSpec = [months: number[], factor: number, slots: string];

/** Each slot runs from its start to the next one's, the last to 24:00: contiguous by construction. */
const slotsOf = (spec: string): [string, string, Period][] => {
  const starts = spec.split(', ').map((slot) => slot.split(' ') as [string, Period]);
  return starts.map(([start, period], i) => [start, starts[i + 1]?.[0] ?? '24:00', period]);
};

const zone = (zh: string, en: string, prices: TariffZone['prices'], feedIn: number, seasons: SeasonSpec[]): TariffZone => ({
  zh,
  en,
  prices,
  feedIn,
  seasons: seasons.map(([months, factor, slots]) => ({ months, factor, slots: slotsOf(slots) })),
});

/** Time-of-use schedules modelled on the local ones (CNY, EUR, AUD, KES, CLP, PHP, THB, VND → USD). */
export const TARIFF_ZONES: Record<TariffZoneId, TariffZone> = {
  // Jiangsu/Zhejiang/Shanghai/Shandong: two peaks, a critical-peak ("sharp") hour in Jan, Jul, Aug, Dec.
  'cn-east': zone('工商业分时电价', 'Commercial & industrial TOU', { valley: 0.042, flat: 0.091, peak: 0.147, sharp: 0.16 }, 0.0547, [
    [[1, 7, 8, 12], 1, '00:00 valley, 08:00 peak, 10:00 sharp, 11:00 flat, 17:00 peak, 19:00 sharp, 21:00 peak, 22:00 flat'],
    [[2, 3, 4, 5, 6, 9, 10, 11], 1, '00:00 valley, 08:00 peak, 11:00 flat, 17:00 peak, 22:00 flat'],
  ]),
  // Guangdong/Hainan: afternoon peak, sharp hours in Jul–Sep.
  'cn-south': zone('工商业分时电价', 'Commercial & industrial TOU', { valley: 0.03, flat: 0.089, peak: 0.14, sharp: 0.165 }, 0.0635, [
    [[7, 8, 9], 1, '00:00 valley, 08:00 flat, 10:00 peak, 11:00 sharp, 12:00 flat, 14:00 peak, 15:00 sharp, 17:00 peak, 19:00 flat'],
    [[1, 2, 3, 4, 5, 6, 10, 11, 12], 1, '00:00 valley, 08:00 flat, 10:00 peak, 12:00 flat, 14:00 peak, 19:00 flat'],
  ]),
  // Yunnan: hydro-dominated, dearer in the dry season.
  'cn-southwest': zone('工商业分时电价', 'Commercial & industrial TOU', { valley: 0.032, flat: 0.06, peak: 0.09 }, 0.047, [
    [[1, 2, 3, 4, 5, 12], 1.1, '00:00 valley, 07:00 flat, 09:00 peak, 12:00 flat, 18:00 peak, 23:00 valley'],
    [[6, 7, 8, 9, 10, 11], 0.9, '00:00 valley, 07:00 flat, 09:00 peak, 12:00 flat, 18:00 peak, 23:00 valley'],
  ]),
  // Inner Mongolia/Qinghai/Xinjiang: solar surplus makes midday the valley.
  'cn-northwest': zone('午间低谷分时电价', 'Midday-valley TOU', { valley: 0.03, flat: 0.052, peak: 0.09 }, 0.036, [
    [[1, 2, 3, 11, 12], 1.05, '00:00 flat, 07:00 peak, 09:00 valley, 17:00 peak, 23:00 flat'],
    [[4, 5, 6, 7, 8, 9, 10], 1, '00:00 flat, 07:00 peak, 09:00 valley, 17:00 peak, 23:00 flat'],
  ]),
  de: zone('德国工业分时电价', 'Industrial time-variable tariff', { valley: 0.16, flat: 0.21, peak: 0.26 }, 0.079, [
    [[1, 2, 3, 10, 11, 12], 1.05, '00:00 valley, 06:00 flat, 17:00 peak, 21:00 flat'],
    [[4, 5, 6, 7, 8, 9], 1, '00:00 valley, 06:00 flat, 17:00 peak, 21:00 flat'],
  ]),
  au: zone('澳洲峰平谷电价', 'Peak / shoulder / off-peak', { valley: 0.11, flat: 0.165, peak: 0.26 }, 0.033, [
    [[1, 2, 3, 6, 7, 8, 11, 12], 1, '00:00 valley, 07:00 flat, 15:00 peak, 21:00 flat, 22:00 valley'],
    [[4, 5, 9, 10], 0.9, '00:00 valley, 07:00 flat, 15:00 peak, 21:00 flat, 22:00 valley'],
  ]),
  ke: zone('肯尼亚商业分时电价', 'Commercial TOU (CI1)', { valley: 0.062, flat: 0.124, peak: 0.16 }, 0.05, [
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 1, '00:00 valley, 06:00 flat, 18:00 peak, 22:00 valley'],
  ]),
  cl: zone('智利AT4.3电价', 'AT4.3 with winter peak hours', { valley: 0.098, flat: 0.135, peak: 0.21 }, 0.07, [
    [[4, 5, 6, 7, 8, 9], 1, '00:00 valley, 08:00 flat, 18:00 peak, 22:00 valley'],
    [[1, 2, 3, 10, 11, 12], 1, '00:00 valley, 08:00 flat'],
  ]),
  ph: zone('菲律宾分时电价', 'Island TOU', { valley: 0.14, flat: 0.195, peak: 0.24 }, 0.09, [
    [[3, 4, 5], 1.08, '00:00 valley, 08:00 flat, 13:00 peak, 22:00 flat'],
    [[1, 2, 6, 7, 8, 9, 10, 11, 12], 1, '00:00 valley, 08:00 flat, 13:00 peak, 22:00 flat'],
  ]),
  th: zone('泰国分时电价', 'Time-of-day (TOD) rate', { valley: 0.072, flat: 0.096, peak: 0.118 }, 0.062, [
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 1, '00:00 valley, 08:00 flat, 18:30 peak, 21:30 valley'],
  ]),
  vn: zone('越南分时电价', 'EVN manufacturing TOU', { valley: 0.0455, flat: 0.072, peak: 0.1335 }, 0.04, [
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 1, '00:00 valley, 04:00 flat, 09:30 peak, 11:30 flat, 17:00 peak, 20:00 flat, 22:00 valley'],
  ]),
};

/** Two tariff templates per provider: [zone, name]. */
export const TEMPLATE_SPECS: readonly (readonly [TariffZoneId, string])[][] = [
  [
    ['cn-east', '江浙沪鲁四段式分时电价模板'],
    ['cn-northwest', '西北午间低谷分时电价模板'],
  ],
  [
    ['cn-south', 'Guangdong 4-period TOU template'],
    ['cn-southwest', 'Yunnan 3-period TOU template'],
  ],
  [
    ['de', 'Germany industrial TOU template'],
    ['au', 'Australia peak/shoulder/off-peak template'],
  ],
];
