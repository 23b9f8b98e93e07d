import { z } from 'zod';
import { PERIODS } from '../codes';

// The monthly parts of a two-part tariff (docs/tariffs.md, "Demand, capacity and fixed charges"),
// stored on a tariff version beside its time-of-use energy prices. Every part is optional; `{}` is
// a tariff that prices energy only. Issue codes are the console's error texts, each at its field:
// `charges.demand.N.pricePerKw`, `….windowMinutes`, `….periods`, `….ratchet.percent`,
// `….ratchet.months`, `charges.capacityPricePerKva`, `charges.fixedMonthlyFee`,
// `charges.blocks.N.fromKwh`, `charges.blocks.N.adderPerKwh`, `charges.dynamic.feedId`.

/** A price in the provider's currency: at most four decimals, as the energy prices. */
export const price = z
  .number({ error: (i) => (i.input === undefined || i.input === null || i.input === '' ? 'priceRequired' : 'priceFormat') })
  .min(0, 'priceFormat')
  .max(100_000, 'priceFormat')
  .refine((v) => Math.abs(Math.round(v * 1e4) - v * 1e4) < 1e-6, 'priceFormat');

export const DEMAND_WINDOWS = [15, 30, 60] as const;

// Each rule answers its own code (a custom issue keeps its message: server/api/issues.ts).
const wholeIn = (lo: number, hi: number, code: string) => z.number({ error: code }).refine((v) => Number.isInteger(v) && v >= lo && v <= hi, code);

export const demandCharge = z.object({
  pricePerKw: price,
  /** the demand meter's averaging window, aligned to the station's wall clock */
  windowMinutes: z.custom<(typeof DEMAND_WINDOWS)[number]>((v) => (DEMAND_WINDOWS as readonly unknown[]).includes(v), 'windowInvalid'),
  /** only windows starting in these time-of-use periods count (peak-period demand); absent: every window */
  periods: z
    .array(z.enum(PERIODS))
    .refine((ps) => ps.length > 0 && new Set(ps).size === ps.length, 'periodsRequired')
    .optional(),
  /** billed demand is at least `percent` % of the highest actual demand of the previous `months` months */
  ratchet: z.object({ percent: wholeIn(1, 100, 'ratchetPercent'), months: wholeIn(1, 12, 'ratchetMonths') }).optional(),
});

const MAX_BLOCKS = 5;

/** A tier of tiered (block) energy rates: each kWh imported after the month's cumulative import
 *  passed `fromKwh` (whole kWh) pays `adderPerKwh` on top of its time-of-use price. */
const energyBlock = z.object({
  fromKwh: z
    .number({ error: (i) => (i.input === undefined || i.input === null || i.input === '' ? 'kwhRequired' : 'kwhFormat') })
    .refine((v) => Number.isInteger(v) && v >= 0 && v <= 1e9, 'kwhFormat'),
  adderPerKwh: price,
});

/** Tiers in order: the first starts at 0 kWh, each later one strictly above the one before. */
const blocks = z
  .array(energyBlock)
  .max(MAX_BLOCKS, 'tooManyBlocks')
  .superRefine((bs, ctx) => {
    bs.forEach((b, i) => {
      if (i === 0 && b.fromKwh !== 0) ctx.addIssue({ code: 'custom', message: 'firstBlockAtZero', path: [0, 'fromKwh'] });
      if (i > 0 && !(b.fromKwh > bs[i - 1]!.fromKwh)) ctx.addIssue({ code: 'custom', message: 'blockOrder', path: [i, 'fromKwh'] });
    });
  });

export const tariffCharges = z.object({
  demand: z.array(demandCharge).max(4, 'tooManyDemand').optional(),
  /** per kVA of the station's contracted capacity (`capacityKva`), per month */
  capacityPricePerKva: price.optional(),
  /** per month, whatever the month's length */
  fixedMonthlyFee: price.optional(),
  /** tiered (block) energy rates over the month's cumulative import, up to five tiers */
  blocks: blocks.optional(),
  /** dynamic interval prices: the feed whose price replaces the time-of-use price where it has one
   *  (docs/tariffs.md, "Dynamic prices"); the feed must belong to the station's provider */
  dynamic: z.object({ feedId: z.number({ error: 'feedRequired' }).int('feedRequired').positive('feedRequired') }).optional(),
});
export type TariffCharges = z.output<typeof tariffCharges>;
