import type { AlarmChange, AlarmPush } from '../../protocol/push';
import type { Queryable } from '../db/db';
import type { Registry } from '../registry';
import { ALARM_COLUMNS, ALARM_JOINS, toPush, type AlarmRow } from './store';

// Catch-up of handling changes (docs/alarms.md, "Alarm handling"): a console that was offline
// missed the acknowledgements, assignments and comments pushed meanwhile. Every change is a row
// of `alarm_events`, whose id is the cursor; the answer carries each changed alarm's current
// state as a silent push, so a console applies it exactly as a live one.

export interface ScopedWhere {
  sql: string;
  vals: unknown[];
}

export interface ChangesAnswer {
  changes: AlarmPush[];
  lastChangeId: number;
  moreChanges: boolean;
}

/** Changes after `afterChangeId` within `where` (over `alarms a`), oldest first, at most `limit`. */
export const changesSince = async (
  db: Queryable,
  registry: Registry,
  where: ScopedWhere | null,
  afterChangeId: number | undefined,
  limit: number,
): Promise<ChangesAnswer> => {
  if (afterChangeId === undefined || !where) {
    // no cursor yet: hand out the current one (ids come from one sequence across tenants)
    const [m] = await db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int8 AS id FROM alarm_events');
    return { changes: [], lastChangeId: afterChangeId ?? m?.id ?? 0, moreChanges: false };
  }
  const n = where.vals.length;
  const rows = await db.query<AlarmRow & { eventId: number; event: AlarmChange }>(
    `SELECT ${ALARM_COLUMNS}, e.id AS "eventId", e.event
     FROM alarm_events e JOIN alarms a ON a.id = e.alarm_id ${ALARM_JOINS}
     ${where.sql ? `${where.sql} AND` : 'WHERE'} e.id > $${n + 1}
     ORDER BY e.id LIMIT $${n + 2}`,
    [...where.vals, afterChangeId, limit + 1],
  );
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return {
    changes: page.map((r) => toPush(r, registry, r.event)),
    lastChangeId: page.at(-1)?.eventId ?? afterChangeId,
    moreChanges: more,
  };
};
