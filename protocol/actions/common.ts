import { z } from 'zod';
import { currencyCode } from '../currency';
import { zoneName } from '../zone';
import { isPermission } from '../permissions';

// Shared building blocks of the action schemas. Schemas describe decoded values; the server
// decodes form strings guided by the schema (server/api/decode.ts), so no schema coerces.
export const id = z.number().int().positive();
export const page = z.number().int().min(1).default(1);
export const length = z.number().int().min(1).max(1000).default(20);
export const isoTime = z.iso.datetime({ offset: true });
export const isoDate = z.iso.date();
export const nonEmpty = (max = 200) => z.string().trim().min(1).max(max);
export const md5Hex = z.string().regex(/^[0-9a-f]{32}$/, 'md5Hex');

/** The frame of a station's figures: the station, the zone its days are read in, its provider's currency. */
export const stationMoney = { stationId: z.number().int(), timezone: zoneName, currency: currencyCode };

/** What an account or an API token may see: every station of its org, or only the listed ones. */
export const dataScope = z.enum(['org', 'stations']);
/** A known permission name (protocol/permissions.ts); an unknown one is refused at its field. */
export const permissionName = z.string().refine(isPermission, 'unknownPermission');

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ totalCount: z.number().int(), dataList: z.array(item) });

/** The shapes of an action on one record named by its id: `{ [key]: id }` in, the record (or `ok`) out. */
export const recordById = <K extends string, Res extends z.ZodType>(summary: string, key: K, response: Res) => ({
  summary,
  request: z.object({ [key]: id } as Record<K, typeof id>),
  response,
});

export const empty = z.object({});
export const ok = z.null();
