import type { TariffSeason } from '../fleet/tariff';

// Tariff data several suites price with: the usual three-period day and the two-part charges the
// console's editor is filled with.

type ByPeriod = readonly [valley: number, peak: number, flat: number];

/** One season the whole year: valley 00-08, peak 08-18, flat 18-24 at these grid prices, and these feed-in prices (one for all three, or one each). */
export const threePeriodYear = (fromGrid: ByPeriod, feedIn: number | ByPeriod): TariffSeason[] => {
  const paid = typeof feedIn === 'number' ? ([feedIn, feedIn, feedIn] as const) : feedIn;
  return [
    {
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      slots: [
        { start: '00:00', end: '08:00', period: 'valley', fromGridPrice: fromGrid[0], feedInPrice: paid[0] },
        { start: '08:00', end: '18:00', period: 'peak', fromGridPrice: fromGrid[1], feedInPrice: paid[1] },
        { start: '18:00', end: '24:00', period: 'flat', fromGridPrice: fromGrid[2], feedInPrice: paid[2] },
      ],
    },
  ];
};

/** A peak-period demand charge of 32.5/kW over 30 minutes with a ratchet of 80 % of 11 months, 21/kVA, 150 a month, and 0.05 more a kWh from 5,000 kWh. */
export const TWO_PART_CHARGES = {
  demand: [{ pricePerKw: 32.5, windowMinutes: 30, periods: ['peak'], ratchet: { percent: 80, months: 11 } }],
  capacityPricePerKva: 21,
  fixedMonthlyFee: 150,
  blocks: [
    { fromKwh: 0, adderPerKwh: 0 },
    { fromKwh: 5000, adderPerKwh: 0.05 },
  ],
};
