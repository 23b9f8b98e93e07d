import { authed, type Handlers } from '../api/context';
import { audit } from '../api/audit';
import { fail, invalid } from '../api/errors';
import { assigneeFor, assigneesOf } from '../alarms/assignees';
import { orgsInScope } from '../accounts/org-scope';
import { addEvent, handledOf, nameOf, pushChange, requireVisibleAlarm } from '../alarms/handling';
import { alarmTimeline } from '../alarms/timeline';

// Acknowledge, assign and comment (docs/alarms.md, "Alarm handling"). Each write changes the
// alarm, appends its timeline row and its audit row in one transaction, then pushes the alarm's
// new state on its topics (silent) so every console of the organisation agrees.

export const alarmHandlingHandlers: Handlers = {
  ackAlarm: async ({ alarmId, note }, ctx) => {
    const { scope, me } = authed(ctx);
    const db = ctx.services.db;
    const alarm = await requireVisibleAlarm(db, scope, alarmId);
    const target = `alarm:${alarmId}`;
    if (alarm.status !== 1) {
      await audit(db, ctx, me.accountId, 'ackAlarm', target, { outcome: 'resolved' });
      return fail('conflict', { reason: 'resolved' });
    }
    if (alarm.ackedAt) {
      await audit(db, ctx, me.accountId, 'ackAlarm', target, { outcome: 'alreadyAcked' });
      return handledOf(alarm);
    }
    const name = nameOf(me);
    const text = note || null;
    const changed = await db.tx(async (tx) => {
      const up = await tx.query(
        `UPDATE alarms SET acked_by = $2, acked_by_name = $3, acked_at = $4, ack_note = $5
         WHERE id = $1 AND status = 1 AND acked_at IS NULL RETURNING id`,
        [alarmId, me.accountId, name, ctx.now, text],
      );
      if (up.length === 0) return false; // acknowledged or resolved meanwhile
      await addEvent(tx, { alarm, at: ctx.now, event: 'acked', byId: me.accountId, byName: name, text });
      await audit(tx, ctx, me.accountId, 'ackAlarm', target, { outcome: 'acked', note: text });
      return true;
    });
    if (!changed) {
      const now = await requireVisibleAlarm(db, scope, alarmId);
      if (now.status !== 1) fail('conflict', { reason: 'resolved' });
      return handledOf(now);
    }
    return handledOf(await pushChange(ctx, alarmId, 'acked'));
  },

  assignAlarm: async ({ alarmId, assigneeId: given }, ctx) => {
    const assigneeId = given ?? null;
    const { scope, me } = authed(ctx);
    const { db, registry } = ctx.services;
    const alarm = await requireVisibleAlarm(db, scope, alarmId);
    const assigneeName = assigneeId === null ? null : await assigneeFor(db, registry, assigneeId, alarm.stationId);
    if (assigneeId !== null && assigneeName === null) invalid([{ path: 'assigneeId', issue: 'notFound' }]);
    const target = `alarm:${alarmId}`;
    if (alarm.assigneeId === assigneeId) {
      await audit(db, ctx, me.accountId, 'assignAlarm', target, { outcome: 'unchanged', assigneeId });
      return handledOf(alarm);
    }
    const event = assigneeId === null ? 'unassigned' : 'assigned';
    await db.tx(async (tx) => {
      await tx.query('UPDATE alarms SET assignee_id = $2 WHERE id = $1', [alarmId, assigneeId]);
      await addEvent(tx, { alarm, at: ctx.now, event, byId: me.accountId, byName: nameOf(me), assigneeId, assigneeName });
      await audit(tx, ctx, me.accountId, 'assignAlarm', target, { outcome: event, assigneeId, previous: alarm.assigneeId });
    });
    return handledOf(await pushChange(ctx, alarmId, event));
  },

  queryAlarmAssignees: async ({ alarmId }, ctx) => {
    const { scope, me } = authed(ctx);
    const { db, registry } = ctx.services;
    const alarm = await requireVisibleAlarm(db, scope, alarmId);
    return { dataList: await assigneesOf(db, registry, alarm.stationId, orgsInScope(registry, me)) };
  },

  commentAlarm: async ({ alarmId, text }, ctx) => {
    const { scope, me } = authed(ctx);
    const db = ctx.services.db;
    const alarm = await requireVisibleAlarm(db, scope, alarmId);
    const byName = nameOf(me);
    await db.tx(async (tx) => {
      await addEvent(tx, { alarm, at: ctx.now, event: 'commented', byId: me.accountId, byName, text });
      await audit(tx, ctx, me.accountId, 'commentAlarm', `alarm:${alarmId}`, { outcome: 'commented', length: text.length });
    });
    await pushChange(ctx, alarmId, 'commented');
    return { event: 'commented' as const, at: ctx.now.toISOString(), byId: me.accountId, by: byName, text, assigneeId: null, assigneeName: null };
  },

  queryAlarmTimeline: async ({ alarmId }, ctx) => {
    const { scope } = authed(ctx);
    const alarm = await requireVisibleAlarm(ctx.services.db, scope, alarmId);
    return { dataList: await alarmTimeline(ctx.services.db, alarm) };
  },
};
