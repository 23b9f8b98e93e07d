import { authed, type Handlers } from '../api/context';
import { conflict, invalid, notFound } from '../api/errors';
import { offsetOf } from '../db/list-query';
import { isUniqueViolation } from '../db/pg-errors';
import { audit } from '../api/audit';
import { providersFor, requireStation } from '../stations/scope';
import {
  stationToday,
  deletePending,
  saveAudited,
  normalise,
  type TariffRow,
  tariffCols,
  tariffOut,
  activeDateOf,
  statusOf,
  loadTariff,
  writeTariff,
  type TemplateRow,
  templateCols,
  templateOut,
  loadTemplate,
  requireWholeProvider,
  feedOfProvider,
} from '../tariffs/store';
import { providerChange } from '../tariffs/provider-records';

// Tariff and tariff-template actions (docs/tariffs.md); shared helpers in tariffs-common.ts.
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
    return { tariffId: await saveAudited(ctx, me.accountId, 'tariff', q, q.tariffId, (t) => writeTariff(t, ctx, scope, q)) };
  },

  deleteTariff: ({ tariffId }, ctx) =>
    deletePending(ctx, 'tariff', tariffId, {
      load: loadTariff,
      pending: (row) => row.effectiveDate > stationToday(ctx, row.stationId),
      detail: (row) => ({ stationId: row.stationId, name: row.name, effectiveDate: row.effectiveDate }),
    }),

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
    const charges = JSON.stringify(q.charges);
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
      await feedOfProvider(t, q.charges, providerId);
      let id: number;
      try {
        if (q.templateId !== undefined) {
          await t.query('UPDATE tariff_templates SET name = $2, seasons = $3::jsonb, updated_at = $4, charges = $5::jsonb WHERE id = $1', [
            q.templateId,
            q.name,
            seasons,
            ctx.now,
            charges,
          ]);
          id = q.templateId;
        } else {
          const [ins] = await t.query<{ id: number }>(
            'INSERT INTO tariff_templates(provider_id, name, seasons, created_at, updated_at, charges) VALUES ($1, $2, $3::jsonb, $4, $4, $5::jsonb) RETURNING id',
            [providerId, q.name, seasons, ctx.now, charges],
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
    await providerChange(ctx, async (t, scope, me) => {
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
      const id = await writeTariff(t, ctx, scope, {
        stationId: q.stationId,
        name: q.name,
        effectiveDate: q.effectiveDate,
        seasons: tpl.seasons,
        charges: tpl.charges ?? {},
      });
      await audit(t, ctx, me.accountId, 'applyTariffTemplate', `tariff:${id}`, { ...q, templateName: tpl.name });
      return id;
    });
    return { tariffId };
  },
};
