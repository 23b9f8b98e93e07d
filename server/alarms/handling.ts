import type { AlarmChange } from '../../protocol/push';
import type { AlarmEvent } from '../../protocol/actions/alarm-handling';
import type { Scope } from '../auth/scope';
import type { Principal } from '../auth/scope';
import type { Ctx } from '../api/context';
import { ActionError } from '../api/errors';
import type { Queryable } from '../db/db';
import { alarmById, publishAlarm, type AlarmRow } from './store';

// Shared pieces of the alarm handling actions (server/actions/alarm-handling.ts): the alarm in
// scope, its handling state as answered, the timeline row every change leaves, and the push
// that makes every console agree.

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/** How an account is named in the timeline and on the alarm: contact person, else login. */
export const nameOf = (me: Pick<Principal, 'contact' | 'account'>): string => me.contact || me.account;

/** One alarm the caller may see, or notFound (a missing id and one out of scope answer alike). */
export const requireVisibleAlarm = async (db: Queryable, scope: Scope, alarmId: number): Promise<AlarmRow> => {
  const row = await alarmById(db, alarmId);
  if (!row || !scope.hasStation(row.stationId)) throw new ActionError('notFound');
  return row;
};

/** An alarm's handling state as the records and answers carry it. */
export const handlingOf = (r: AlarmRow) => ({
  ackedBy: r.ackedBy,
  ackedAt: iso(r.ackedAt),
  ackNote: r.ackNote,
  assigneeId: r.assigneeId,
  assigneeName: r.assigneeName,
  shelved: r.shelved,
  inMaintenance: r.inMaintenance,
});

/** The answer of a handling write. */
export const handledOf = (r: AlarmRow) => ({ alarmId: r.id, alarmStatus: r.status, ...handlingOf(r) });

export interface EventInput {
  alarm: AlarmRow;
  at: Date;
  event: Exclude<AlarmEvent, 'raised' | 'recovered' | 'resolved'>;
  byId: number;
  byName: string;
  text?: string | null;
  assigneeId?: number | null;
  assigneeName?: string | null;
}

/** Appends a timeline row (also the change catch-up's cursor); returns its id. */
export const addEvent = async (q: Queryable, e: EventInput): Promise<number> => {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO alarm_events (alarm_id, provider_id, at, event, by_id, by_name, text, assignee_id, assignee_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [e.alarm.id, e.alarm.providerId, e.at, e.event, e.byId, e.byName, e.text ?? null, e.assigneeId ?? null, e.assigneeName ?? null],
  );
  return row!.id;
};

/** Pushes the alarm's new state. A broker hiccup must not undo the change: consoles catch up
 *  through queryAlarmsSince (afterChangeId), so log and go on. */
export const pushChange = async (ctx: Ctx, alarmId: number, change: AlarmChange): Promise<AlarmRow> => {
  const row = (await alarmById(ctx.services.db, alarmId))!;
  try {
    await publishAlarm(ctx.services.broker, ctx.services.registry, row, change);
  } catch (e) {
    ctx.log.warn({ err: e, alarmId, change }, 'alarm change push failed');
  }
  return row;
};
