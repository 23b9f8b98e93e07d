import type { z } from 'zod';
import type { shelfRecord } from '../../protocol/actions/alarm-handling';
import { authed, type Handlers } from '../api/context';
import { audit } from '../api/audit';
import { ActionError, invalid } from '../api/errors';
import { ALARM_RULES, ruleNameOf } from '../alarms/store';
import { nameOf } from '../alarms/handling';
import { providersFor, requireStation } from '../stations/scope';
import type { Queryable } from '../db/db';

// Rule shelves (docs/alarms.md, "Alarm handling"): while a shelf of a station (or one of its
// devices) and a rule is active, new occurrences of that rule there are stored as shelved and
// pushed silent (server/alarms/store.ts raiseAlarm). A shelf ends by itself at `until`: the
// raise compares against it, so no timer has to run, and every replica agrees.

type Shelf = z.input<typeof shelfRecord>;

const COLUMNS = `sh.id AS "shelfId", sh.provider_id AS "serviceProviderId", sh.station_id AS "stationId", s.name AS "stationName",
  sh.device_id AS "deviceId", d.name AS "deviceName", sh.rule_code AS "alarmRuleCode", sh.reason,
  sh.created_by_name AS "createdBy", sh.created_at AS "createdAt", sh.until`;
const FROM = `alarm_shelves sh JOIN stations s ON s.id = sh.station_id LEFT JOIN devices d ON d.id = sh.device_id`;

const toShelf = (r: Omit<Shelf, 'alarmRuleName' | 'createdAt' | 'until'> & { createdAt: Date; until: Date }): Shelf => ({
  ...r,
  alarmRuleName: ruleNameOf(r.alarmRuleCode),
  createdAt: new Date(r.createdAt).toISOString(),
  until: new Date(r.until).toISOString(),
});

/** A rule code the platform raises: the catalogue's, or one some alarm already carried. */
const isKnownRule = async (db: Queryable, code: string): Promise<boolean> =>
  code in ALARM_RULES || (await db.query('SELECT 1 FROM alarms WHERE rule_code = $1 LIMIT 1', [code])).length > 0;

export const alarmShelfHandlers: Handlers = {
  shelveAlarmRule: async ({ stationId, deviceId, alarmRuleCode, minutes, reason }, ctx) => {
    const { scope, me } = authed(ctx);
    const db = ctx.services.db;
    requireStation(scope, stationId);
    if (deviceId !== undefined) {
      const [d] = await db.query('SELECT 1 FROM devices WHERE id = $1 AND station_id = $2', [deviceId, stationId]);
      if (!d) invalid([{ path: 'deviceId', issue: 'notFound' }]);
    }
    if (!(await isKnownRule(db, alarmRuleCode))) invalid([{ path: 'alarmRuleCode', issue: 'notFound' }]);
    const until = new Date(ctx.now.getTime() + minutes * 60_000);
    const providerId = ctx.services.registry.stations.get(stationId)!.providerId;
    const id = await db.tx(async (tx) => {
      // An active shelf of the same station, device and rule is extended or shortened, not doubled.
      const [same] = await tx.query<{ id: number }>(
        `UPDATE alarm_shelves SET until = $5, reason = $6, created_by = $7, created_by_name = $8, created_at = $4
         WHERE station_id = $1 AND device_id IS NOT DISTINCT FROM $2::int AND rule_code = $3 AND until > $4 RETURNING id`,
        [stationId, deviceId ?? null, alarmRuleCode, ctx.now, until, reason, me.accountId, nameOf(me)],
      );
      const [row] = same
        ? [same]
        : await tx.query<{ id: number }>(
            `INSERT INTO alarm_shelves (provider_id, station_id, device_id, rule_code, reason, created_by, created_by_name, created_at, until)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
            [providerId, stationId, deviceId ?? null, alarmRuleCode, reason, me.accountId, nameOf(me), ctx.now, until],
          );
      await audit(tx, ctx, me.accountId, 'shelveAlarmRule', `shelf:${row!.id}`, {
        outcome: same ? 'replaced' : 'shelved',
        stationId,
        deviceId: deviceId ?? null,
        alarmRuleCode,
        minutes,
        reason,
      });
      return row!.id;
    });
    const [r] = await db.query<Parameters<typeof toShelf>[0]>(`SELECT ${COLUMNS} FROM ${FROM} WHERE sh.id = $1`, [id]);
    return toShelf(r!);
  },

  unshelveAlarmRule: async ({ shelfId }, ctx) => {
    const { scope, me } = authed(ctx);
    const db = ctx.services.db;
    const [sh] = await db.query<{ stationId: number; until: Date }>('SELECT station_id AS "stationId", until FROM alarm_shelves WHERE id = $1', [shelfId]);
    if (!sh || !scope.hasStation(sh.stationId)) throw new ActionError('notFound');
    const active = new Date(sh.until).getTime() > ctx.now.getTime();
    await db.tx(async (tx) => {
      if (active) await tx.query('UPDATE alarm_shelves SET until = $2 WHERE id = $1 AND until > $2', [shelfId, ctx.now]);
      await audit(tx, ctx, me.accountId, 'unshelveAlarmRule', `shelf:${shelfId}`, { outcome: active ? 'ended' : 'alreadyEnded' });
    });
    return null;
  },

  queryShelves: async ({ orgId, stationId }, ctx) => {
    const { scope } = authed(ctx);
    if (stationId !== undefined) requireStation(scope, stationId);
    const providers = providersFor(scope, orgId);
    const stations = stationId !== undefined ? [stationId] : providers.flatMap((p) => scope.stationIds(p));
    if (stations.length === 0) return { dataList: [] };
    const rows = await ctx.services.db.query<Parameters<typeof toShelf>[0]>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE sh.station_id = ANY($1::int[]) AND sh.until > $2 ORDER BY sh.until, sh.id`,
      [stations, ctx.now],
    );
    return { dataList: rows.map(toShelf) };
  },
};
