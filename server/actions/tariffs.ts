import type { z } from 'zod';
import { minutesOf, type oilPrice, type seasons as seasonsSchema, type tariff, type tariffTemplate } from '../../protocol/actions/tariffs';
import type { FieldIssue } from '../../protocol/envelope';
import type { Queryable } from '../db/db';
import type { Scope } from '../auth/scope';
import { authed, type Ctx, type Handlers } from '../api/context';
import { ActionError, invalid } from '../api/errors';
import { audit } from '../api/audit';
import { localDate, providersFor, requireStation } from './stations';

// Tariffs, tariff templates and fuel (oil) prices: SPEC §3-§5, docs/tariffs.md.
//
// Tariff status is derived, never stored: on the station's local date (its IANA zone), the latest
// tariff with effective_date <= today is active, later ones are pending, earlier ones history.
// Fuel price status comes from the clock: pending (start > now), active (start <= now < end),
// expired. Only pending rows may change. Every write runs in one transaction that first locks the
// station row (so two writers of one station cannot both pass the duplicate/overlap checks) and
// ends with its audit-log row. Anything outside the caller's data scope answers notFound with
// data null, exactly like a missing id.

type Seasons = z.output<typeof seasonsSchema>;
type TariffOut = z.input<typeof tariff>;
type TemplateOut = z.input<typeof tariffTemplate>;
type OilOut = z.input<typeof oilPrice>;

/** A new fuel price may start at most this long before the server clock (form filled "now"). */
const OIL_START_GRACE_MS = 5 * 60_000;

// ---------------------------------------------------------------------------------------------
// Station-local dates

const stationToday = (ctx: Ctx, stationId: number): string =>
  localDate(ctx.services.registry.stations.get(stationId)?.timezone ?? 'UTC', ctx.now);

// ---------------------------------------------------------------------------------------------
// Shared helpers

const notFound = (): never => {
  throw new ActionError('notFound');
};
const conflict = (reason: string, extra: Record<string, unknown> = {}): never => {
  throw new ActionError('conflict', { reason, ...extra });
};
const isUniqueViolation = (e: unknown): boolean => (e as { code?: unknown } | null)?.code === '23505';

const offsetOf = (page: number, length: number) => (page - 1) * length;


/** Serialises writers of one station's tariffs / fuel prices. */
const lockStation = (q: Queryable, stationId: number) => q.query('SELECT id FROM stations WHERE id = $1 FOR UPDATE', [stationId]);

/** Months ascending, slots by start, seasons by first month: one canonical form to store. */
const normalise = (ss: Seasons): Seasons =>
  ss
    .map((s) => ({
      months: [...s.months].sort((a, b) => a - b),
      slots: [...s.slots].sort((a, b) => minutesOf(a.start) - minutesOf(b.start)).map((x) => ({ ...x })),
    }))
    .sort((a, b) => (a.months[0] ?? 0) - (b.months[0] ?? 0));

// ---------------------------------------------------------------------------------------------
// Tariffs

interface TariffRow {
  tariffId: number;
  stationId: number;
  name: string;
  currency: string;
  effectiveDate: string;
  seasons: Seasons;
  updatedAt: Date;
}
const tariffCols = `id AS "tariffId", station_id AS "stationId", name, currency, effective_date AS "effectiveDate", seasons, updated_at AS "updatedAt"`;

const tariffOut = (r: TariffRow, status: TariffOut['status']): TariffOut => ({
  tariffId: r.tariffId,
  stationId: r.stationId,
  name: r.name,
  currency: r.currency,
  effectiveDate: r.effectiveDate,
  status,
  seasons: r.seasons,
  updatedAt: new Date(r.updatedAt).toISOString(),
});

/** Effective date of the tariff in force on `today`, or null when none is. */
const activeDateOf = async (q: Queryable, stationId: number, today: string): Promise<string | null> => {
  const [r] = await q.query<{ d: string | null }>('SELECT max(effective_date) AS d FROM tariffs WHERE station_id = $1 AND effective_date <= $2::date', [
    stationId,
    today,
  ]);
  return r?.d ?? null;
};

const statusOf = (effectiveDate: string, today: string, activeDate: string | null): TariffOut['status'] =>
  effectiveDate > today ? 'pending' : effectiveDate === activeDate ? 'active' : 'history';

/** A tariff row the caller may see, or notFound. */
const loadTariff = async (q: Queryable, scope: Scope, tariffId: number, lock = false): Promise<TariffRow> => {
  const [row] = await q.query<TariffRow>(`SELECT ${tariffCols} FROM tariffs WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [tariffId]);
  if (!row || !scope.hasStation(row.stationId)) return notFound();
  return row;
};

const pastDate = (effectiveDate: string, today: string): void => {
  if (effectiveDate < today) invalid([{ path: 'effectiveDate', issue: 'pastDate', limit: today }]);
};

interface TariffWrite {
  stationId: number;
  tariffId?: number;
  name: string;
  effectiveDate: string;
  seasons: Seasons;
}

/** Creates a tariff or edits a pending one, inside `q`'s transaction (the station is locked). */
const writeTariff = async (q: Queryable, ctx: Ctx, scope: Scope, w: TariffWrite): Promise<number> => {
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
  const seasons = JSON.stringify(normalise(w.seasons));
  try {
    if (w.tariffId !== undefined) {
      await q.query('UPDATE tariffs SET name = $2, effective_date = $3::date, seasons = $4::jsonb, updated_at = $5 WHERE id = $1', [
        w.tariffId,
        w.name,
        w.effectiveDate,
        seasons,
        ctx.now,
      ]);
      return w.tariffId;
    }
    const [ins] = await q.query<{ id: number }>(
      `INSERT INTO tariffs(station_id, name, currency, effective_date, seasons, created_by, created_at, updated_at)
       VALUES ($1, $2, 'USD', $3::date, $4::jsonb, $5, $6, $6) RETURNING id`,
      [w.stationId, w.name, w.effectiveDate, seasons, ctx.principal?.accountId ?? null, ctx.now],
    );
    return ins!.id;
  } catch (e) {
    if (isUniqueViolation(e)) conflict('duplicateDate', { field: 'effectiveDate' });
    throw e;
  }
};

// ---------------------------------------------------------------------------------------------
// Templates

interface TemplateRow {
  templateId: number;
  serviceProviderId: number;
  name: string;
  seasons: Seasons;
  updatedAt: Date;
}
const templateCols = `id AS "templateId", provider_id AS "serviceProviderId", name, seasons, updated_at AS "updatedAt"`;
const templateOut = (r: TemplateRow): TemplateOut => ({ ...r, updatedAt: new Date(r.updatedAt).toISOString() });

const loadTemplate = async (q: Queryable, scope: Scope, templateId: number, lock = false): Promise<TemplateRow> => {
  const [row] = await q.query<TemplateRow>(`SELECT ${templateCols} FROM tariff_templates WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [templateId]);
  if (!row || !scope.hasProvider(row.serviceProviderId)) return notFound();
  return row;
};

/** Templates are provider-wide: changing them needs a provider-wide data scope (not a station list, not a customer). */
const requireWholeProvider = (scope: Scope): void => {
  if (!scope.wholeProviders) throw new ActionError('forbidden');
};

// ---------------------------------------------------------------------------------------------
// Fuel prices

interface OilRow {
  oilPriceId: number;
  stationId: number;
  startTime: Date;
  endTime: Date;
  pricePerLitre: number;
  kwhPerLitre: number;
}
const oilCols = `id AS "oilPriceId", station_id AS "stationId", start_time AS "startTime", end_time AS "endTime",
  price_per_litre AS "pricePerLitre", kwh_per_litre AS "kwhPerLitre"`;

const oilStatus = (r: OilRow, now: Date): OilOut['status'] =>
  new Date(r.startTime) > now ? 'pending' : new Date(r.endTime) > now ? 'active' : 'expired';

const oilOut = (r: OilRow, now: Date): OilOut => ({
  oilPriceId: r.oilPriceId,
  stationId: r.stationId,
  startTime: new Date(r.startTime).toISOString(),
  endTime: new Date(r.endTime).toISOString(),
  status: oilStatus(r, now),
  pricePerLitre: Number(r.pricePerLitre),
  kwhPerLitre: Number(r.kwhPerLitre),
});

const oilStatusSql: Record<OilOut['status'], string> = {
  pending: 'start_time > $2',
  active: 'start_time <= $2 AND end_time > $2',
  expired: 'end_time <= $2',
};

const loadOil = async (q: Queryable, scope: Scope, oilPriceId: number, lock = false): Promise<OilRow> => {
  const [row] = await q.query<OilRow>(`SELECT ${oilCols} FROM oil_prices WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [oilPriceId]);
  if (!row || !scope.hasStation(row.stationId)) return notFound();
  return row;
};

/** At most four decimals (the columns are numeric(12,4); never round silently). */
const fourDecimals = (v: number): boolean => Math.abs(Math.round(v * 1e4) - v * 1e4) < 1e-6;

// ---------------------------------------------------------------------------------------------

export const tariffsHandlers: Handlers = {
  queryStationTariffs: async ({ stationId }, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, stationId);
    const db = ctx.services.db;
    const today = stationToday(ctx, stationId);
    const [active] = await db.query<TariffRow>(
      `SELECT ${tariffCols} FROM tariffs WHERE station_id = $1 AND effective_date <= $2::date ORDER BY effective_date DESC LIMIT 1`,
      [stationId, today],
    );
    const pending = await db.query<TariffRow>(`SELECT ${tariffCols} FROM tariffs WHERE station_id = $1 AND effective_date > $2::date ORDER BY effective_date`, [
      stationId,
      today,
    ]);
    return { active: active ? tariffOut(active, 'active') : null, pending: pending.map((r) => tariffOut(r, 'pending')) };
  },

  queryTariffHistory: async ({ stationId, page, length }, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, stationId);
    const db = ctx.services.db;
    const activeDate = await activeDateOf(db, stationId, stationToday(ctx, stationId));
    if (activeDate === null) return { totalCount: 0, dataList: [] };
    const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tariffs WHERE station_id = $1 AND effective_date < $2::date', [
      stationId,
      activeDate,
    ]);
    const rows = await db.query<TariffRow>(
      `SELECT ${tariffCols} FROM tariffs WHERE station_id = $1 AND effective_date < $2::date ORDER BY effective_date DESC LIMIT $3 OFFSET $4`,
      [stationId, activeDate, length, offsetOf(page, length)],
    );
    return { totalCount: count?.n ?? 0, dataList: rows.map((r) => tariffOut(r, 'history')) };
  },

  queryTariffById: async ({ tariffId }, ctx) => {
    const { scope } = authed(ctx);
    const db = ctx.services.db;
    const row = await loadTariff(db, scope, tariffId);
    const today = stationToday(ctx, row.stationId);
    return tariffOut(row, statusOf(row.effectiveDate, today, await activeDateOf(db, row.stationId, today)));
  },

  saveTariff: async (q, ctx) => {
    const { me, scope } = authed(ctx);
    requireStation(scope, q.stationId);
    const tariffId = await ctx.services.db.tx(async (t) => {
      const id = await writeTariff(t, ctx, scope, q);
      await audit(t, ctx, me.accountId, 'saveTariff', `tariff:${id}`, { ...q, created: q.tariffId === undefined });
      return id;
    });
    return { tariffId };
  },

  deleteTariff: async ({ tariffId }, ctx) => {
    const { me, scope } = authed(ctx);
    await ctx.services.db.tx(async (t) => {
      const first = await loadTariff(t, scope, tariffId);
      await lockStation(t, first.stationId);
      const row = await loadTariff(t, scope, tariffId, true);
      if (row.effectiveDate <= stationToday(ctx, row.stationId)) conflict('notPending');
      await t.query('DELETE FROM tariffs WHERE id = $1', [tariffId]);
      await audit(t, ctx, me.accountId, 'deleteTariff', `tariff:${tariffId}`, { stationId: row.stationId, name: row.name, effectiveDate: row.effectiveDate });
    });
    return null;
  },

  queryTariffTemplateList: async ({ orgId, page, length }, ctx) => {
    const { scope } = authed(ctx);
    const pids = providersFor(scope, orgId);
    const db = ctx.services.db;
    const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM tariff_templates WHERE provider_id = ANY($1::int[])', [pids]);
    const rows = await db.query<TemplateRow>(
      `SELECT ${templateCols} FROM tariff_templates WHERE provider_id = ANY($1::int[]) ORDER BY provider_id, id LIMIT $2 OFFSET $3`,
      [pids, length, offsetOf(page, length)],
    );
    return { totalCount: count?.n ?? 0, dataList: rows.map(templateOut) };
  },

  saveTariffTemplate: async (q, ctx) => {
    const { me, scope } = authed(ctx);
    requireWholeProvider(scope);
    if (q.templateId === undefined) {
      if (q.orgId === undefined && scope.isRoot) invalid([{ path: 'orgId', issue: 'required' }]);
      if (q.orgId !== undefined && !scope.hasProvider(q.orgId)) notFound();
    }
    const seasons = JSON.stringify(normalise(q.seasons));
    const templateId = await ctx.services.db.tx(async (t) => {
      let providerId: number;
      if (q.templateId !== undefined) {
        const row = await loadTemplate(t, scope, q.templateId, true);
        if (q.orgId !== undefined && q.orgId !== row.serviceProviderId) notFound();
        providerId = row.serviceProviderId;
      } else {
        providerId = q.orgId ?? scope.providerIds()[0] ?? notFound();
      }
      const [dup] = await t.query<{ id: number }>('SELECT id FROM tariff_templates WHERE provider_id = $1 AND name = $2 AND id <> $3', [
        providerId,
        q.name,
        q.templateId ?? 0,
      ]);
      if (dup) conflict('duplicateName', { field: 'name' });
      let id: number;
      try {
        if (q.templateId !== undefined) {
          await t.query('UPDATE tariff_templates SET name = $2, seasons = $3::jsonb, updated_at = $4 WHERE id = $1', [q.templateId, q.name, seasons, ctx.now]);
          id = q.templateId;
        } else {
          const [ins] = await t.query<{ id: number }>(
            'INSERT INTO tariff_templates(provider_id, name, seasons, created_at, updated_at) VALUES ($1, $2, $3::jsonb, $4, $4) RETURNING id',
            [providerId, q.name, seasons, ctx.now],
          );
          id = ins!.id;
        }
      } catch (e) {
        if (isUniqueViolation(e)) conflict('duplicateName', { field: 'name' });
        throw e;
      }
      await audit(t, ctx, me.accountId, 'saveTariffTemplate', `tariffTemplate:${id}`, { ...q, orgId: providerId, created: q.templateId === undefined });
      return id;
    });
    return { templateId };
  },

  deleteTariffTemplate: async ({ templateId }, ctx) => {
    const { me, scope } = authed(ctx);
    requireWholeProvider(scope);
    await ctx.services.db.tx(async (t) => {
      const row = await loadTemplate(t, scope, templateId, true);
      await t.query('DELETE FROM tariff_templates WHERE id = $1', [templateId]);
      await audit(t, ctx, me.accountId, 'deleteTariffTemplate', `tariffTemplate:${templateId}`, { orgId: row.serviceProviderId, name: row.name });
    });
    return null;
  },

  applyTariffTemplate: async (q, ctx) => {
    const { me, scope } = authed(ctx);
    requireStation(scope, q.stationId);
    const tariffId = await ctx.services.db.tx(async (t) => {
      const tpl = await loadTemplate(t, scope, q.templateId);
      if (ctx.services.registry.stations.get(q.stationId)?.providerId !== tpl.serviceProviderId) {
        invalid([{ path: 'templateId', issue: 'providerMismatch' }]);
      }
      const id = await writeTariff(t, ctx, scope, { stationId: q.stationId, name: q.name, effectiveDate: q.effectiveDate, seasons: tpl.seasons });
      await audit(t, ctx, me.accountId, 'applyTariffTemplate', `tariff:${id}`, { ...q, templateName: tpl.name });
      return id;
    });
    return { tariffId };
  },

  queryOilPriceList: async ({ stationId, status, page, length }, ctx) => {
    const { scope } = authed(ctx);
    requireStation(scope, stationId);
    const db = ctx.services.db;
    const where = `station_id = $1${status ? ` AND ${oilStatusSql[status]}` : ' AND $2::timestamptz IS NOT NULL'}`;
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM oil_prices WHERE ${where}`, [stationId, ctx.now]);
    const rows = await db.query<OilRow>(`SELECT ${oilCols} FROM oil_prices WHERE ${where} ORDER BY start_time DESC, id DESC LIMIT $3 OFFSET $4`, [
      stationId,
      ctx.now,
      length,
      offsetOf(page, length),
    ]);
    return { totalCount: count?.n ?? 0, dataList: rows.map((r) => oilOut(r, ctx.now)) };
  },

  saveOilPrice: async (q, ctx) => {
    const { me, scope } = authed(ctx);
    requireStation(scope, q.stationId);
    const start = new Date(q.startTime);
    const end = new Date(q.endTime);
    const issues: FieldIssue[] = [];
    if (end.getTime() <= start.getTime()) issues.push({ path: 'endTime', issue: 'timeError' });
    if (start.getTime() < ctx.now.getTime() - OIL_START_GRACE_MS) issues.push({ path: 'startTime', issue: 'pastDate', limit: ctx.now.toISOString() });
    if (!fourDecimals(q.pricePerLitre)) issues.push({ path: 'pricePerLitre', issue: 'priceFormat' });
    if (!fourDecimals(q.kwhPerLitre)) issues.push({ path: 'kwhPerLitre', issue: 'priceFormat' });
    const oilPriceId = await ctx.services.db.tx(async (t) => {
      await lockStation(t, q.stationId);
      if (q.oilPriceId !== undefined) {
        const row = await loadOil(t, scope, q.oilPriceId, true);
        if (row.stationId !== q.stationId) notFound();
        if (oilStatus(row, ctx.now) !== 'pending') conflict('notPending');
      }
      if (issues.length > 0) invalid(issues);
      const [overlap] = await t.query<{ id: number }>(
        'SELECT id FROM oil_prices WHERE station_id = $1 AND id <> $2 AND start_time < $4 AND end_time > $3 ORDER BY start_time LIMIT 1',
        [q.stationId, q.oilPriceId ?? 0, start, end],
      );
      if (overlap) conflict('overlap', { oilPriceId: overlap.id });
      let id: number;
      if (q.oilPriceId !== undefined) {
        await t.query('UPDATE oil_prices SET start_time = $2, end_time = $3, price_per_litre = $4, kwh_per_litre = $5 WHERE id = $1', [
          q.oilPriceId,
          start,
          end,
          q.pricePerLitre,
          q.kwhPerLitre,
        ]);
        id = q.oilPriceId;
      } else {
        const [ins] = await t.query<{ id: number }>(
          `INSERT INTO oil_prices(station_id, start_time, end_time, price_per_litre, kwh_per_litre, created_at)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [q.stationId, start, end, q.pricePerLitre, q.kwhPerLitre, ctx.now],
        );
        id = ins!.id;
      }
      await audit(t, ctx, me.accountId, 'saveOilPrice', `oilPrice:${id}`, { ...q, created: q.oilPriceId === undefined });
      return id;
    });
    return { oilPriceId };
  },

  deleteOilPrice: async ({ oilPriceId }, ctx) => {
    const { me, scope } = authed(ctx);
    await ctx.services.db.tx(async (t) => {
      const first = await loadOil(t, scope, oilPriceId);
      await lockStation(t, first.stationId);
      const row = await loadOil(t, scope, oilPriceId, true);
      if (oilStatus(row, ctx.now) !== 'pending') conflict('notPending');
      await t.query('DELETE FROM oil_prices WHERE id = $1', [oilPriceId]);
      await audit(t, ctx, me.accountId, 'deleteOilPrice', `oilPrice:${oilPriceId}`, {
        stationId: row.stationId,
        startTime: new Date(row.startTime).toISOString(),
        endTime: new Date(row.endTime).toISOString(),
        pricePerLitre: Number(row.pricePerLitre),
        kwhPerLitre: Number(row.kwhPerLitre),
      });
    });
    return null;
  },
};
