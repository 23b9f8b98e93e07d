import { z } from 'zod';
import { actionsOn } from '../action';
import { OIL_PRICE_STATUS, PERIODS, TARIFF_STATUS } from '../codes';
import { id, isoDate, isoTime, length, nonEmpty, ok, page, pageOf, recordById, stationMoney } from './common';
import { price, tariffCharges } from './tariff-charges';
import { currencyCode } from '../currency';

// Tariffs (SPEC §3, §5): seasons of execution months, each with time slots covering 24 h.
// Prices are in the station's provider's currency (protocol/currency.ts) with at most four decimals; validation messages are codes the console maps
// to SPEC texts: priceRequired, priceFormat, monthsIncomplete, hoursIncomplete, timeError.

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export const tariffSlot = z.object({
  start: z.string().regex(HHMM, 'timeError'),
  end: z.string().regex(HHMM, 'timeError'),
  period: z.enum(PERIODS),
  fromGridPrice: price,
  feedInPrice: price,
});

export const tariffSeason = z
  .object({
    months: z.array(z.number().int().min(1).max(12)).min(1).max(12),
    slots: z.array(tariffSlot).min(1).max(48),
  })
  .superRefine((s, ctx) => {
    // Slots must be contiguous from 00:00 to 24:00 with start < end each.
    const sorted = [...s.slots].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    let t = 0;
    for (const slot of sorted) {
      const a = minutesOf(slot.start);
      const b = minutesOf(slot.end);
      if (b <= a) return ctx.addIssue({ code: 'custom', message: 'timeError', path: ['slots'] });
      if (a !== t) return ctx.addIssue({ code: 'custom', message: 'hoursIncomplete', path: ['slots'] });
      t = b;
    }
    if (t !== 24 * 60) ctx.addIssue({ code: 'custom', message: 'hoursIncomplete', path: ['slots'] });
  });

export const seasons = z
  .array(tariffSeason)
  .min(1)
  .max(12)
  .superRefine((ss, ctx) => {
    const seen = new Set<number>();
    for (const s of ss)
      for (const m of s.months) {
        if (seen.has(m)) return ctx.addIssue({ code: 'custom', message: 'monthsOverlap', path: [] });
        seen.add(m);
      }
    if (seen.size !== 12) ctx.addIssue({ code: 'custom', message: 'monthsIncomplete', path: [] });
  });

export const tariff = z.object({
  tariffId: z.number().int(),
  stationId: z.number().int(),
  name: z.string(),
  currency: currencyCode,
  effectiveDate: z.string(),
  status: z.enum(TARIFF_STATUS),
  seasons: z.array(z.object({ months: z.array(z.number().int()), slots: z.array(tariffSlot) })),
  /** demand, capacity and fixed charges of this version ({} = energy prices only) */
  charges: tariffCharges,
  updatedAt: z.string(),
});

/**
 * A provider's template: a tariff's name, prices and charges without a station or a date. Its
 * currency is its provider's (ISO 4217), the unit of its prices; a version made from it gets its
 * charges ({} = energy prices only).
 */
export const tariffTemplate = z.object({
  templateId: z.number().int(),
  serviceProviderId: z.number().int(),
  ...tariff.pick({ currency: true, name: true, seasons: true, charges: true, updatedAt: true }).shape,
});

export const oilPrice = z.object({
  oilPriceId: z.number().int(),
  stationId: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  status: z.enum(OIL_PRICE_STATUS),
  pricePerLitre: z.number(),
  kwhPerLitre: z.number(),
});

const write = ['tariff.edit'] as const;
const tariffRead = ['electricityPriceManagement.electricityPriceManagement', 'electricityPriceManagement.historyPrice'] as const;

// A day's bill (docs/tariffs.md): energy in kWh, money in the provider's currency; amounts keep full precision up to
// 1/100 cent, only `total` (import cost − feed-in revenue) is rounded, to the cent.
const periodBill = z.object({
  period: z.enum(PERIODS),
  importKwh: z.number(),
  exportKwh: z.number(),
  importCost: z.number(),
  feedInRevenue: z.number(),
  amount: z.number(),
});
export const dayBill = z.object({
  tariffId: z.number().int().nullable(),
  tariffName: z.string().nullable(),
  importKwh: z.number(),
  exportKwh: z.number(),
  gridCost: z.number(),
  feedInRevenue: z.number(),
  periods: z.array(periodBill),
  /** energy priced at the version's price feed (0 without one; not in the periods) */
  dynamicAmount: z.number(),
  /** intervals that should have had a dynamic price and had none (priced at time-of-use); the first few as 'HH:mm' on the station's clock */
  missing: z.object({ intervals: z.number().int(), first: z.array(z.string()) }),
  total: z.number(),
});

const mot = actionsOn('mot');

export const tariffActions = {
  queryStationTariffs: mot.read(
    tariffRead,
    recordById(
      'The tariff in force and pending ones of a station (Tariff Configuration).',
      'stationId',
      z.object({ active: tariff.nullable(), pending: z.array(tariff) }),
    ),
  ),
  queryTariffHistory: mot.read('electricityPriceManagement.historyPrice', {
    summary: 'Tariffs no longer in force, newest first (Historical Tariff).',
    request: z.object({ stationId: id, page, length }),
    response: pageOf(tariff),
  }),
  queryTariffById: mot.read(tariffRead, recordById('One tariff (preview).', 'tariffId', tariff)),
  saveTariff: mot.write(write, {
    summary: 'Create a tariff, or edit a pending one. Active and historical tariffs are read-only (conflict).',
    request: z.object({ stationId: id, tariffId: id.optional(), name: nonEmpty(100), effectiveDate: isoDate, seasons, charges: tariffCharges.default({}) }),
    response: z.object({ tariffId: z.number().int() }),
  }),
  deleteTariff: mot.write(write, recordById('Delete a pending tariff (the console asks for confirmation).', 'tariffId', ok)),
  queryTariffTemplateList: mot.read('electricityPriceManagement.priceTemlate', {
    summary: 'Tariff templates of a provider.',
    request: z.object({ orgId: id.optional(), page, length }),
    response: pageOf(tariffTemplate),
  }),
  saveTariffTemplate: mot.write(write, {
    summary: 'Create or edit a tariff template (name required, same season rules as a tariff).',
    request: z.object({ orgId: id.optional(), templateId: id.optional(), name: nonEmpty(100), seasons, charges: tariffCharges.default({}) }),
    response: z.object({ templateId: z.number().int() }),
  }),
  deleteTariffTemplate: mot.write(write, recordById('Delete a tariff template.', 'templateId', ok)),
  applyTariffTemplate: mot.write(write, {
    summary: "Create a station tariff from a template of the same provider, with the template's seasons and charges.",
    request: z.object({ templateId: id, stationId: id, name: nonEmpty(100), effectiveDate: isoDate }),
    response: z.object({ tariffId: z.number().int() }),
  }),
  previewTariffBill: mot.read(tariffRead, {
    summary:
      "A station-local day of metered import and export priced under a tariff (an existing one by id, or a draft's seasons) and under the tariff in force that day, per period, with the difference.",
    request: z.object({ stationId: id, date: isoDate, tariffId: id.optional(), name: nonEmpty(100).optional(), seasons: seasons.optional() }),
    response: z.object({
      ...stationMoney,
      date: z.string(),
      /** 24, or 23 / 25 on a daylight-saving change day */
      hours: z.number(),
      /** metered 15-minute intervals found for the day */
      intervals: z.number().int(),
      candidate: dayBill,
      inForce: dayBill.nullable(),
      /** candidate.total − inForce.total (or candidate.total when no tariff was in force) */
      difference: z.number(),
    }),
  }),
  queryOilPriceList: mot.read('electricityPriceManagement.oilPrice', {
    summary: 'Fuel prices of a station with their status (pending activation, active, expired).',
    request: z.object({ stationId: id, status: z.enum(OIL_PRICE_STATUS).optional(), page, length }),
    response: pageOf(oilPrice),
  }),
  saveOilPrice: mot.write('oilPrice.edit', {
    summary: 'Create or edit a pending fuel price; its period may not overlap another.',
    request: z.object({
      stationId: id,
      oilPriceId: id.optional(),
      startTime: isoTime,
      endTime: isoTime,
      pricePerLitre: z.number().positive().max(1000),
      kwhPerLitre: z.number().positive().max(20),
    }),
    response: z.object({ oilPriceId: z.number().int() }),
  }),
  deleteOilPrice: mot.write('oilPrice.edit', recordById('Delete a pending fuel price.', 'oilPriceId', ok)),
} as const;
