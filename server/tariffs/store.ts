import type { z } from 'zod';
import { isUniqueViolation } from '../db/pg-errors';
import { minutesOf, type oilPrice, type seasons as seasonsSchema, type tariff, type tariffTemplate } from '../../protocol/actions/tariffs';
import type { TariffCharges } from '../../protocol/actions/tariff-charges';
import type { Queryable } from '../db/db';
import type { Scope } from '../auth/scope';
import { authed, type Ctx } from '../api/context';
import { ActionError, conflict, invalid, notFound } from '../api/errors';
import { dateKey } from '../../protocol/site-time';
import { audit } from '../api/audit';

// Tariffs, tariff templates and fuel (oil) prices: SPEC §3-§5, docs/tariffs.md.
//
// Tariff status is derived, never stored: on the station's local date (its IANA zone), the latest
// tariff with effective_date <= today is active, later ones are pending, earlier ones history.
// Fuel price status comes from the clock: pending (start > now), active (start <= now < end),
// expired. Only pending rows may change. Every write runs in one transaction that first locks the
// station row (so two writers of one station cannot both pass the duplicate/overlap checks) and
// ends with its audit-log row. Anything outside the caller's data scope answers notFound with
// data null, exactly like a missing id.

export type Seasons = z.output<typeof seasonsSchema>;
export type TariffOut = z.input<typeof tariff>;
export type TemplateOut = z.input<typeof tariffTemplate>;
export type OilOut = z.input<typeof oilPrice>;

/** A new fuel price may start at most this long before the server clock (form filled "now"). */
export const OIL_START_GRACE_MS = 5 * 60_000;

// ---------------------------------------------------------------------------------------------
// Station-local dates

export const stationToday = (ctx: Ctx, stationId: number): string =>
  dateKey(ctx.services.registry.stations.get(stationId)?.timezone ?? 'UTC', ctx.now.getTime());

// ---------------------------------------------------------------------------------------------
// Shared helpers

/** Serialises writers of one station's tariffs / fuel prices. */
export const lockStation = (q: Queryable, stationId: number) => q.query('SELECT id FROM stations WHERE id = $1 FOR UPDATE', [stationId]);

/** The rows a station keeps by date (tariffs, fuel prices): their table and their actions' names. */
const STATION_ROWS = {
  tariff: { table: 'tariffs', save: 'saveTariff', remove: 'deleteTariff' },
  oilPrice: { table: 'oil_prices', save: 'saveOilPrice', remove: 'deleteOilPrice' },
} as const;
type StationRowKind = keyof typeof STATION_ROWS;

/**
 * Saves one row of a station, a new one when the request names no `existingId`: `write` runs in a
 * transaction that ends with the audit row, whose detail is the request and whether it created the
 * row. Answers the row's id.
 */
export const saveAudited = (
  ctx: Ctx,
  accountId: number,
  kind: StationRowKind,
  request: object,
  existingId: number | undefined,
  write: (t: Queryable) => Promise<number>,
): Promise<number> =>
  ctx.services.db.tx(async (t) => {
    const id = await write(t);
    await audit(t, ctx, accountId, STATION_ROWS[kind].save, `${kind}:${id}`, { ...request, created: existingId === undefined });
    return id;
  });

/**
 * Deletes one pending row of a station (a tariff, a fuel price). The row is found in scope first,
 * then read again under the station lock so the pending check and the delete see the same row;
 * the audit row shares the transaction.
 */
export const deletePending = async <R extends { stationId: number }>(
  ctx: Ctx,
  kind: StationRowKind,
  id: number,
  d: {
    load: (q: Queryable, scope: Scope, id: number, lock?: boolean) => Promise<R>;
    pending: (row: R) => boolean;
    detail: (row: R) => unknown;
  },
): Promise<null> => {
  const { me, scope } = authed(ctx);
  await ctx.services.db.tx(async (t) => {
    const first = await d.load(t, scope, id);
    await lockStation(t, first.stationId);
    const row = await d.load(t, scope, id, true);
    if (!d.pending(row)) conflict('notPending');
    await t.query(`DELETE FROM ${STATION_ROWS[kind].table} WHERE id = $1`, [id]);
    await audit(t, ctx, me.accountId, STATION_ROWS[kind].remove, `${kind}:${id}`, d.detail(row));
  });
  return null;
};

/** Months ascending, slots by start, seasons by first month: one canonical form to store. */
export const normalise = (ss: Seasons): Seasons =>
  ss
    .map((s) => ({
      months: [...s.months].sort((a, b) => a - b),
      slots: [...s.slots].sort((a, b) => minutesOf(a.start) - minutesOf(b.start)).map((x) => ({ ...x })),
    }))
    .sort((a, b) => (a.months[0] ?? 0) - (b.months[0] ?? 0));

// ---------------------------------------------------------------------------------------------
// Tariffs

export interface TariffRow {
  tariffId: number;
  stationId: number;
  name: string;
  currency: string;
  effectiveDate: string;
  seasons: Seasons;
  charges: TariffCharges;
  updatedAt: Date;
}
// A tariff's prices are in its station's provider's currency (read from the provider, so a changed
// currency relabels every tariff at once; the stored column records the one it was written in).
const providerCurrency = (stationIdSql: string) => `(SELECT o.currency FROM stations s JOIN orgs o ON o.id = s.provider_id WHERE s.id = ${stationIdSql})`;
export const tariffCols = `id AS "tariffId", station_id AS "stationId", name, ${providerCurrency('tariffs.station_id')} AS currency, effective_date AS "effectiveDate", seasons, charges, updated_at AS "updatedAt"`;

export const tariffOut = (r: TariffRow, status: TariffOut['status']): TariffOut => ({
  tariffId: r.tariffId,
  stationId: r.stationId,
  name: r.name,
  currency: r.currency,
  effectiveDate: r.effectiveDate,
  status,
  seasons: r.seasons,
  charges: r.charges,
  updatedAt: new Date(r.updatedAt).toISOString(),
});

/** Effective date of the tariff in force on `today`, or null when none is. */
export const activeDateOf = async (q: Queryable, stationId: number, today: string): Promise<string | null> => {
  const [r] = await q.query<{ d: string | null }>('SELECT max(effective_date) AS d FROM tariffs WHERE station_id = $1 AND effective_date <= $2::date', [
    stationId,
    today,
  ]);
  return r?.d ?? null;
};

export const statusOf = (effectiveDate: string, today: string, activeDate: string | null): TariffOut['status'] =>
  effectiveDate > today ? 'pending' : effectiveDate === activeDate ? 'active' : 'history';

/** A tariff row the caller may see, or notFound. */
export const loadTariff = async (q: Queryable, scope: Scope, tariffId: number, lock = false): Promise<TariffRow> => {
  const [row] = await q.query<TariffRow>(`SELECT ${tariffCols} FROM tariffs WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [tariffId]);
  if (!row || !scope.hasStation(row.stationId)) return notFound();
  return row;
};

export const pastDate = (effectiveDate: string, today: string): void => {
  if (effectiveDate < today) invalid([{ path: 'effectiveDate', issue: 'pastDate', limit: today }]);
};

/** A version's (or template's) price feed must be one of its provider's; any other id is refused at the field. */
export const feedOfProvider = async (q: Queryable, charges: TariffCharges, providerId: number | undefined): Promise<void> => {
  const feedId = charges.dynamic?.feedId;
  if (feedId === undefined) return;
  const [hit] = await q.query<{ id: number }>('SELECT id FROM price_feeds WHERE id = $1 AND provider_id = $2', [feedId, providerId ?? 0]);
  if (!hit) invalid([{ path: 'charges.dynamic.feedId', issue: 'feedNotFound' }]);
};

export interface TariffWrite {
  stationId: number;
  tariffId?: number;
  name: string;
  effectiveDate: string;
  seasons: Seasons;
  /** the version's demand, capacity and fixed charges ({} = none) */
  charges: TariffCharges;
}

/** Creates a tariff or edits a pending one, inside `q`'s transaction (the station is locked). */
export const writeTariff = async (q: Queryable, ctx: Ctx, scope: Scope, w: TariffWrite): Promise<number> => {
  const today = stationToday(ctx, w.stationId);
  await lockStation(q, w.stationId);
  if (w.tariffId !== undefined) {
    const row = await loadTariff(q, scope, w.tariffId, true);
    if (row.stationId !== w.stationId) notFound();
    if (row.effectiveDate <= today) conflict('notPending');
  }
  pastDate(w.effectiveDate, today);
  const [dup] = await q.query<{ id: number }>('SELECT id FROM tariffs WHERE station_id = $1 AND effective_date = $2::date AND id <> $3', [
    w.stationId,
    w.effectiveDate,
    w.tariffId ?? 0,
  ]);
  if (dup) conflict('duplicateDate', { field: 'effectiveDate' });
  await feedOfProvider(q, w.charges, ctx.services.registry.stations.get(w.stationId)?.providerId);
  const seasons = JSON.stringify(normalise(w.seasons));
  const charges = JSON.stringify(w.charges);
  try {
    if (w.tariffId !== undefined) {
      await q.query('UPDATE tariffs SET name = $2, effective_date = $3::date, seasons = $4::jsonb, updated_at = $5, charges = $6::jsonb WHERE id = $1', [
        w.tariffId,
        w.name,
        w.effectiveDate,
        seasons,
        ctx.now,
        charges,
      ]);
      return w.tariffId;
    }
    const [ins] = await q.query<{ id: number }>(
      `INSERT INTO tariffs(station_id, name, currency, effective_date, seasons, created_by, created_at, updated_at, charges)
       VALUES ($1, $2, ${providerCurrency('$1')}, $3::date, $4::jsonb, $5, $6, $6, $7::jsonb) RETURNING id`,
      [w.stationId, w.name, w.effectiveDate, seasons, ctx.principal?.accountId ?? null, ctx.now, charges],
    );
    return ins!.id;
  } catch (e) {
    if (isUniqueViolation(e)) conflict('duplicateDate', { field: 'effectiveDate' });
    throw e;
  }
};

// ---------------------------------------------------------------------------------------------
// Templates

export interface TemplateRow {
  templateId: number;
  serviceProviderId: number;
  currency: string;
  name: string;
  seasons: Seasons;
  charges: TariffCharges;
  updatedAt: Date;
}
export const templateCols = `id AS "templateId", provider_id AS "serviceProviderId", (SELECT o.currency FROM orgs o WHERE o.id = tariff_templates.provider_id) AS currency, name, seasons, charges, updated_at AS "updatedAt"`;
export const templateOut = (r: TemplateRow): TemplateOut => ({ ...r, updatedAt: new Date(r.updatedAt).toISOString() });

export const loadTemplate = async (q: Queryable, scope: Scope, templateId: number, lock = false): Promise<TemplateRow> => {
  const [row] = await q.query<TemplateRow>(`SELECT ${templateCols} FROM tariff_templates WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [templateId]);
  if (!row || !scope.hasProvider(row.serviceProviderId)) return notFound();
  return row;
};

/** Templates are provider-wide: changing them needs a provider-wide data scope (not a station list, not a customer). */
export const requireWholeProvider = (scope: Scope): void => {
  if (!scope.wholeProviders) throw new ActionError('forbidden');
};

// ---------------------------------------------------------------------------------------------
// Fuel prices

export interface OilRow {
  oilPriceId: number;
  stationId: number;
  startTime: Date;
  endTime: Date;
  pricePerLitre: number;
  kwhPerLitre: number;
}
export const oilCols = `id AS "oilPriceId", station_id AS "stationId", start_time AS "startTime", end_time AS "endTime",
  price_per_litre AS "pricePerLitre", kwh_per_litre AS "kwhPerLitre"`;

export const oilStatus = (r: OilRow, now: Date): OilOut['status'] =>
  new Date(r.startTime) > now ? 'pending' : new Date(r.endTime) > now ? 'active' : 'expired';

export const oilOut = (r: OilRow, now: Date): OilOut => ({
  oilPriceId: r.oilPriceId,
  stationId: r.stationId,
  startTime: new Date(r.startTime).toISOString(),
  endTime: new Date(r.endTime).toISOString(),
  status: oilStatus(r, now),
  pricePerLitre: Number(r.pricePerLitre),
  kwhPerLitre: Number(r.kwhPerLitre),
});

export const oilStatusSql: Record<OilOut['status'], string> = {
  pending: 'start_time > $2',
  active: 'start_time <= $2 AND end_time > $2',
  expired: 'end_time <= $2',
};

export const loadOil = async (q: Queryable, scope: Scope, oilPriceId: number, lock = false): Promise<OilRow> => {
  const [row] = await q.query<OilRow>(`SELECT ${oilCols} FROM oil_prices WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [oilPriceId]);
  if (!row || !scope.hasStation(row.stationId)) return notFound();
  return row;
};

/** At most four decimals (the columns are numeric(12,4); never round silently). */
export const fourDecimals = (v: number): boolean => Math.abs(Math.round(v * 1e4) - v * 1e4) < 1e-6;

// ---------------------------------------------------------------------------------------------
