import { authed, type Handlers } from '../api/context';
import { ActionError } from '../api/errors';
import { ALARM_COLUMNS, ALARM_JOINS, type AlarmRow } from '../alarms/store';
import { scoped } from '../alarms/scope';
import { toRecord } from '../alarms/record';
import { offsetOf } from '../db/list-query';

// The global message view (docs/accounts.md): the alarms in the caller's scope with a read state
// per account. "Read" is a watermark (every alarm up to an id, set by mark-all) plus single reads,
// so marking everything read is one row however many alarms there are.

/** SQL that is true when alarm `a` is read by the account in parameter `me`. */
const readSql = (me: string) =>
  `(a.id <= coalesce((SELECT read_up_to_id FROM message_read_marks WHERE account_id = ${me}), 0)
    OR EXISTS (SELECT 1 FROM message_reads mr WHERE mr.account_id = ${me} AND mr.alarm_id = a.id))`;

export const messagesHandlers: Handlers = {
  queryMessages: async (q, ctx) => {
    const { me, scope } = authed(ctx);
    const w = scoped(scope, q.orgId, q.stationId);
    if (!w) return { totalCount: 0, unreadCount: 0, dataList: [] };
    if (q.category) w.add(`a.category = ${w.p(q.category)}`);
    if (q.from) w.add(`a.happen_time >= ${w.p(q.from)}::timestamptz`);
    if (q.to) w.add(`a.happen_time < ${w.p(q.to)}::timestamptz`);
    const read = readSql(w.p(me.accountId));
    const db = ctx.services.db;
    const [counts] = await db.query<{ n: number; unread: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT ${read})::int AS unread FROM alarms a ${w.sql}`,
      w.vals,
    );
    const unreadCount = counts?.unread ?? 0;
    const totalCount = q.read === undefined ? (counts?.n ?? 0) : q.read ? (counts?.n ?? 0) - unreadCount : unreadCount;
    if (q.read !== undefined) w.add(q.read ? read : `NOT ${read}`);
    const offset = offsetOf(q.page, q.length);
    if (offset >= totalCount) return { totalCount, unreadCount, dataList: [] };
    const rows = await db.query<AlarmRow & { read: boolean }>(
      `SELECT ${ALARM_COLUMNS}, ${read} AS read FROM alarms a ${ALARM_JOINS} ${w.sql}
       ORDER BY a.happen_time DESC, a.id DESC LIMIT ${w.p(q.length)} OFFSET ${w.p(offset)}`,
      w.vals,
    );
    return { totalCount, unreadCount, dataList: rows.map((r) => ({ ...toRecord(r), read: r.read })) };
  },

  markMessagesRead: async ({ alarmIds, all }, ctx) => {
    const { me, scope } = authed(ctx);
    const db = ctx.services.db;
    if (all) {
      await db.tx(async (t) => {
        const [top] = await t.query<{ id: string | null }>('SELECT max(id)::text AS id FROM alarms');
        const upTo = top?.id ?? '0';
        await t.query(
          `INSERT INTO message_read_marks(account_id, read_up_to_id, at) VALUES ($1, $2::bigint, $3)
           ON CONFLICT (account_id) DO UPDATE SET read_up_to_id = greatest(message_read_marks.read_up_to_id, EXCLUDED.read_up_to_id), at = EXCLUDED.at`,
          [me.accountId, upTo, ctx.now],
        );
        await t.query('DELETE FROM message_reads WHERE account_id = $1 AND alarm_id <= $2::bigint', [me.accountId, upTo]);
      });
    } else if (alarmIds) {
      const w = scoped(scope);
      const ids = [...new Set(alarmIds)];
      const found = w ? await db.query<{ id: string | number }>(`SELECT a.id FROM alarms a ${w.sql} AND a.id = ANY(${w.p(ids)}::bigint[])`, w.vals) : [];
      if (found.length !== ids.length) throw new ActionError('notFound');
      await db.query('INSERT INTO message_reads(account_id, alarm_id, read_at) SELECT $1, unnest($2::bigint[]), $3 ON CONFLICT DO NOTHING', [
        me.accountId,
        ids,
        ctx.now,
      ]);
    }
    const w = scoped(scope);
    if (!w) return { unreadCount: 0 };
    const [n] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM alarms a ${w.sql} AND NOT ${readSql(w.p(me.accountId))}`, w.vals);
    return { unreadCount: n?.n ?? 0 };
  },
};
