import { z } from 'zod';
import { actionsOn } from '../action';
import { id, isoDate, nonEmpty, ok, recordById } from './common';
import { zoneName } from '../zone';

// Price feeds: dynamic (day-ahead) import and export prices per 15 or 60 minutes (docs/tariffs.md,
// "Dynamic prices"). A feed belongs to a service provider; a tariff version names it in
// `charges.dynamic.feedId`. Issue codes are the console's error texts, each at its field:
// `name`, `resolutionMinutes`, `timezone` (zoneInvalid), `pullUrl` (urlFormat), `pullTime`
// (timeError, pullTimeWithoutUrl); an import's `lines.N.start` (instantFormat, offGrid,
// intervalStarted, duplicateInterval), `lines.N.import_price` / `.export_price` (priceRequired,
// priceFormat), `lines.N` (csvColumns), `lines.1` (csvHeader), `lines.2` (noPrices).

export const priceFeed = z.object({
  feedId: z.number().int(),
  serviceProviderId: z.number().int(),
  name: z.string(),
  resolutionMinutes: z.union([z.literal(15), z.literal(60)]),
  /** IANA zone its days and daily pull time are read in */
  timezone: zoneName,
  pullUrl: z.string().nullable(),
  /** 'HH:mm' on the feed's clock; null: pulled on demand only */
  pullTime: z.string().nullable(),
  /** the last pull: `error` null when it worked, else http / network / json / invalid with `detail` */
  lastPull: z
    .object({
      at: z.string(),
      error: z.enum(['http', 'network', 'json', 'invalid']).nullable(),
      detail: z.string().nullable(),
      stored: z.number().int(),
      /** prices left out because their interval had begun */
      started: z.number().int(),
    })
    .nullable(),
  /** tariff versions naming it */
  tariffs: z.number().int(),
  updatedAt: z.string(),
});

const write = ['tariff.edit'] as const;
const read = ['electricityPriceManagement.electricityPriceManagement', 'electricityPriceManagement.historyPrice'] as const;
const mot = actionsOn('mot');

export const priceFeedActions = {
  queryPriceFeeds: mot.read(read, {
    summary: "Price feeds of the caller's providers (or of one), by name.",
    request: z.object({ orgId: id.optional() }),
    response: z.array(priceFeed),
  }),
  savePriceFeed: mot.write(write, {
    summary: 'Create or edit a price feed (name unique within its provider).',
    request: z.object({
      feedId: id.optional(),
      orgId: id.optional(),
      name: nonEmpty(100),
      resolutionMinutes: z.union([z.literal(15), z.literal(60)], { error: 'resolutionInvalid' }),
      timezone: nonEmpty(64),
      pullUrl: z.string().trim().max(500).optional(),
      pullTime: z.string().trim().optional(),
    }),
    response: z.object({ feedId: z.number().int() }),
  }),
  deletePriceFeed: mot.write(write, recordById('Delete a price feed that no tariff version names, with its prices.', 'feedId', ok)),
  importPriceFeedCsv: mot.write(write, {
    summary:
      'Store interval prices from a CSV file (header start,import_price,export_price; start an ISO-8601 instant with its offset). Nothing is stored when any line fails; intervals that have begun are refused.',
    request: z.object({ feedId: id, csv: z.string().min(1).max(3_000_000) }),
    response: z.object({ stored: z.number().int(), firstStart: z.string(), lastStart: z.string() }),
  }),
  pullPriceFeed: mot.write(
    write,
    recordById(
      "Fetch the feed's URL now ({resolution, prices:[{start, import, export}]}); the outcome is recorded on the feed.",
      'feedId',
      priceFeed.shape.lastPull.unwrap(),
    ),
  ),
  queryPriceFeedDay: mot.read(read, {
    summary: "A feed's prices for one day on its clock, and the intervals of that day without a price.",
    request: z.object({ feedId: id, date: isoDate }),
    response: z.object({
      feedId: z.number().int(),
      date: z.string(),
      timezone: zoneName,
      resolutionMinutes: z.number().int(),
      /** intervals of the day at the feed's resolution (92-100 for quarters on a clock-change day) */
      intervals: z.number().int(),
      prices: z.array(z.object({ start: z.string(), local: z.string(), importPrice: z.number(), exportPrice: z.number() })),
    }),
  }),
} as const;
