import type { z } from 'zod';
import { ALARM_CATEGORIES } from '../../protocol/push';
import { ALARM_TYPES, type alarmFilter } from '../../protocol/actions/alarms';
import type { Scope } from '../auth/scope';
import { authed, type Ctx, type Handlers } from '../api/context';
import { ActionError, invalid } from '../api/errors';
import { ALARM_COLUMNS, ALARM_JOINS, alarmById, publishAlarm, ruleCodesMatching, ruleNameOf, toPush, type AlarmRow } from '../alarms/store';
import { scoped } from '../alarms/scope';
import { containing, offsetOf, type Where } from '../db/list-query';
import { audit } from '../api/audit';
import { RESOLVED_COLUMNS, ResolveBatch } from '../alarms/resolve-batch';
import type { Queryable } from '../db/db';
import { changesSince } from '../alarms/changes';
import { toRecord } from '../alarms/record';

const batches = new WeakMap<Queryable, ResolveBatch>();
const resolveBatchOf = (db: Queryable): ResolveBatch => {
  let b = batches.get(db);
  if (!b) batches.set(db, (b = new ResolveBatch(db)));
  return b;
};

// Alarm records (SPEC §3, §4, §7; docs/alarms.md). Every query is confined to the caller's
// scope: the providers it may see and, for a station-scoped or customer account, the stations.
// Anything outside answers notFound, exactly like a missing id.

type Filter = z.output<typeof alarmFilter>;

const DAY_MS = 86_400_000;
const MAX_ANALYSIS_DAYS = 366;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

const applyFilter = (w: Where, f: Filter, meId: number): void => {
  if (f.alarmStatus !== undefined) w.add(`a.status = ${w.p(f.alarmStatus)}`);
  if (f.assignedToMe) w.add(`a.assignee_id = ${w.p(meId)}`);
  if (f.acked !== undefined) w.add(f.acked ? 'a.acked_at IS NOT NULL' : 'a.acked_at IS NULL');
  if (f.stationName) w.add(`a.station_id IN (SELECT id FROM stations WHERE name ILIKE ${w.p(containing(f.stationName))})`);
  if (f.deviceType) w.add(`a.device_type = ${w.p(f.deviceType)}`);
  if (f.alarmType) w.add(`a.type = ${w.p(f.alarmType)}`);
  if (f.alarmCategory) w.add(`a.category = ${w.p(f.alarmCategory)}`);
  if (f.keyword) {
    const k = w.p(containing(f.keyword));
    const codes = w.p([...ruleCodesMatching(f.keyword), ...(f.keywordRuleCodes ?? [])]);
    w.add(`(a.content ILIKE ${k} OR a.rule_code ILIKE ${k} OR a.rule_code = ANY(${codes}::text[])
      OR a.device_id IN (SELECT id FROM devices WHERE name ILIKE ${k}))`);
  }
  if (f.from) w.add(`a.happen_time >= ${w.p(f.from)}::timestamptz`);
  if (f.to) w.add(`a.happen_time < ${w.p(f.to)}::timestamptz`);
};

/** Loads one alarm the caller may see, or notFound. */
const requireAlarm = async (ctx: Ctx, scope: Scope, alarmId: number): Promise<AlarmRow> => {
  const row = await alarmById(ctx.services.db, alarmId);
  if (!row || !scope.hasStation(row.stationId)) throw new ActionError('notFound');
  return row;
};

export const alarmsHandlers: Handlers = {
  fuzzyAlarmRecord: async ({ alarmRecordVo: f, page, length }, ctx) => {
    const { scope, me } = authed(ctx);
    const w = scoped(scope, f.orgId, f.stationId);
    if (!w) return { totalCount: 0, dataList: [] };
    applyFilter(w, f, me.accountId);
    const db = ctx.services.db;
    // The badge (SPEC §7) reads totalCount only: one COUNT over the indexed columns, then one page.
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM alarms a ${w.sql}`, w.vals);
    const totalCount = count?.n ?? 0;
    const offset = offsetOf(page, length);
    if (offset >= totalCount) return { totalCount, dataList: [] };
    const rows = await db.query<AlarmRow>(
      `SELECT ${ALARM_COLUMNS} FROM alarms a ${ALARM_JOINS} ${w.sql}
       ORDER BY a.happen_time DESC, a.id DESC LIMIT ${w.p(length)} OFFSET ${w.p(offset)}`,
      w.vals,
    );
    return { totalCount, dataList: rows.map(toRecord) };
  },

  queryAlarmById: async ({ alarmId }, ctx) => {
    const { scope } = authed(ctx);
    return toRecord(await requireAlarm(ctx, scope, alarmId));
  },

  resolveAlarm: async ({ alarmId }, ctx) => {
    const { scope, me } = authed(ctx);
    const { services } = ctx;
    // Resolve (only if open and in scope) and audit in one statement. Callers who see whole
    // providers share a group commit (their scope is one provider id, or any); others carry
    // their station list. Station name and resolver come from memory.
    const provider = scope.wholeProviders ? (scope.isRoot ? 0 : (scope.providerIds()[0] ?? -1)) : undefined;
    const stations = provider === undefined ? scope.stationIds() : null;
    let row =
      provider !== undefined
        ? await resolveBatchOf(services.db).resolve(alarmId, me.accountId, ctx.now, provider)
        : (
            await services.db.query<AlarmRow>(
              `WITH up AS (
                 UPDATE alarms SET status = 2, recovery_time = greatest(happen_time, $3::timestamptz), resolved_by = $2
                 WHERE id = $1 AND status = 1 AND station_id = ANY($4::int[])
                 RETURNING id, provider_id, station_id, device_id, device_type, rule_code, category, type, status, content,
                           params, happen_time, recovery_time, resolved_by, dedup_key, occurrences,
                           acked_by, acked_by_name, acked_at, ack_note, assignee_id, shelved, in_maintenance),
               au AS (
                 INSERT INTO audit_log(at, account_id, action, target, detail)
                 SELECT $3, $2, 'resolveAlarm', 'alarm:' || up.id, '{"outcome":"resolved"}'::jsonb FROM up)
               SELECT ${RESOLVED_COLUMNS}
               FROM up a LEFT JOIN devices d ON d.id = a.device_id`,
              [alarmId, me.accountId, ctx.now, stations],
            )
          )[0];
    if (row) {
      row.stationName = services.registry.stations.get(row.stationId)?.name ?? '';
      row.resolvedBy = me.contact || me.account;
    }
    const changed = row !== undefined;
    if (!row) {
      // Already resolved, missing or out of scope: the latter two answer notFound alike.
      row = await requireAlarm(ctx, scope, alarmId);
      await audit(services.db, ctx, me.accountId, 'resolveAlarm', `alarm:${alarmId}`, { outcome: 'alreadyResolved' });
    }
    if (changed) {
      // Badges count down on this push. A broker hiccup must not undo the resolution: the
      // console's badge poll corrects itself, so log and answer success.
      try {
        await publishAlarm(services.broker, services.registry, row);
      } catch (e) {
        ctx.log.warn({ err: e, alarmId }, 'alarm resolution push failed');
      }
    }
    return { alarmId: row.id, alarmStatus: row.status, recoveryTime: iso(row.recoveryTime) };
  },

  queryAlarmsSince: async ({ afterId, orgId, limit, afterChangeId }, ctx) => {
    const { scope } = authed(ctx);
    const w = scoped(scope, orgId);
    const changes = await changesSince(ctx.services.db, ctx.services.registry, w && { sql: w.sql, vals: [...w.vals] }, afterChangeId, limit);
    if (!w) return { dataList: [], lastId: afterId, more: false, ...changes };
    w.add(`a.id > ${w.p(afterId)}`);
    const rows = await ctx.services.db.query<AlarmRow>(
      `SELECT ${ALARM_COLUMNS} FROM alarms a ${ALARM_JOINS} ${w.sql} ORDER BY a.id LIMIT ${w.p(limit + 1)}`,
      w.vals,
    );
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const reg = ctx.services.registry;
    return { dataList: page.map((r) => toPush(r, reg)), lastId: page.at(-1)?.id ?? afterId, more, ...changes };
  },

  queryAlarmAnalysis: async ({ orgId, stationId, from, to }, ctx) => {
    const { scope } = authed(ctx);
    const t0 = Date.parse(from);
    const t1 = Date.parse(to);
    if (!(t1 > t0)) invalid([{ path: 'to', issue: 'tooSmall', limit: from }]);
    if (t1 - t0 > MAX_ANALYSIS_DAYS * DAY_MS) invalid([{ path: 'to', issue: 'tooBig', limit: MAX_ANALYSIS_DAYS }]);

    const days: string[] = [];
    for (let t = Math.floor(t0 / DAY_MS) * DAY_MS; t < t1; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
    const zeros = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<string, number>;
    const byCategory = zeros(ALARM_CATEGORIES);
    const byType = zeros(ALARM_TYPES);
    const byStatus = zeros(['unresolved', 'resolved']);
    const byDeviceType: Record<string, number> = {};

    const w = scoped(scope, orgId, stationId);
    if (!w) {
      return {
        total: 0,
        byCategory,
        byType,
        byStatus,
        byDeviceType,
        perDay: days.map((day) => ({ day, count: 0, byCategory: zeros(ALARM_CATEGORIES) })),
        topStations: [],
        topRules: [],
        meanRecoveryMinutes: null,
      };
    }
    w.add(`a.happen_time >= ${w.p(from)}::timestamptz`).add(`a.happen_time < ${w.p(to)}::timestamptz`);
    const db = ctx.services.db;

    const groups = await db.query<{ category: string | null; type: string | null; status: number | null; deviceType: string | null; n: number }>(
      `SELECT category, type, status, device_type AS "deviceType", count(*)::int AS n FROM alarms a ${w.sql}
       GROUP BY GROUPING SETS ((category), (type), (status), (device_type))`,
      w.vals,
    );
    let total = 0;
    for (const g of groups) {
      if (g.category !== null) byCategory[g.category] = g.n;
      else if (g.type !== null) byType[g.type] = g.n;
      else if (g.status !== null) {
        byStatus[g.status === 1 ? 'unresolved' : 'resolved'] = g.n;
        total += g.n;
      } else if (g.deviceType !== null) byDeviceType[g.deviceType] = g.n;
    }

    const perDayRows = await db.query<{ day: string; category: string; n: number }>(
      `SELECT to_char(a.happen_time AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, a.category, count(*)::int AS n FROM alarms a ${w.sql} GROUP BY 1, 2`,
      w.vals,
    );
    const perDay = days.map((day) => ({ day, count: 0, byCategory: zeros(ALARM_CATEGORIES) }));
    const dayIndex = new Map(days.map((d, i) => [d, i]));
    for (const r of perDayRows) {
      const d = perDay[dayIndex.get(r.day) ?? -1];
      if (!d) continue;
      d.count += r.n;
      d.byCategory[r.category] = r.n;
    }

    const rules = await db.query<{ code: string; n: number }>(
      `SELECT a.rule_code AS code, count(*)::int AS n FROM alarms a ${w.sql} GROUP BY a.rule_code ORDER BY n DESC, a.rule_code LIMIT 10`,
      w.vals,
    );
    // rules defined elsewhere carry their name in the alarm's params
    const ruleParams = await db.query<{ code: string; params: Record<string, unknown> }>(
      `SELECT DISTINCT ON (a.rule_code) a.rule_code AS code, a.params FROM alarms a ${w.sql} AND a.rule_code = ANY($${w.vals.length + 1}::text[])`,
      [...w.vals, rules.map((r) => r.code)],
    );
    const paramsOf = new Map(ruleParams.map((r) => [r.code, r.params]));

    const top = await db.query<{ stationId: number; stationName: string; n: number }>(
      `SELECT a.station_id AS "stationId", s.name AS "stationName", count(*)::int AS n
       FROM alarms a JOIN stations s ON s.id = a.station_id ${w.sql}
       GROUP BY a.station_id, s.name ORDER BY n DESC, a.station_id LIMIT 10`,
      w.vals,
    );

    const [mean] = await db.query<{ m: number | null }>(
      `SELECT (avg(extract(epoch FROM a.recovery_time - a.happen_time)) / 60)::float8 AS m FROM alarms a ${w.sql}
       AND a.status = 2 AND a.recovery_time IS NOT NULL`,
      w.vals,
    );
    const m = mean?.m ?? null;

    return {
      total,
      byCategory,
      byType,
      byStatus,
      byDeviceType,
      perDay,
      topStations: top.map((t) => ({ stationId: t.stationId, stationName: t.stationName, count: t.n })),
      topRules: rules.map((r) => ({ ruleCode: r.code, ruleName: ruleNameOf(r.code, paramsOf.get(r.code)), count: r.n })),
      meanRecoveryMinutes: m === null ? null : Math.round(m * 10) / 10,
    };
  },
};
