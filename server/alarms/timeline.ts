import type { z } from 'zod';
import type { timelineEntry } from '../../protocol/actions/alarm-handling';
import type { Queryable } from '../db/db';
import type { AlarmRow } from './store';

type Entry = z.input<typeof timelineEntry>;

/**
 * What happened to an alarm, oldest first. Raised, recovered and resolved come from the alarm
 * row (the device raised and cleared it; a person resolved it by hand: `resolvedBy`); the
 * handling changes come from `alarm_events`.
 */
export const alarmTimeline = async (db: Queryable, alarm: AlarmRow): Promise<Entry[]> => {
  const events = await db.query<{
    event: Entry['event'];
    at: Date;
    byId: number | null;
    by: string;
    text: string | null;
    assigneeId: number | null;
    assigneeName: string | null;
  }>(
    `SELECT event, at, by_id AS "byId", by_name AS by, text, assignee_id AS "assigneeId", assignee_name AS "assigneeName"
     FROM alarm_events WHERE alarm_id = $1 ORDER BY at, id`,
    [alarm.id],
  );
  const none = { byId: null, by: null, text: null, assigneeId: null, assigneeName: null };
  const out: Entry[] = [{ event: 'raised', at: new Date(alarm.happenTime).toISOString(), ...none }];
  for (const e of events) out.push({ ...e, at: new Date(e.at).toISOString() });
  if (alarm.status === 2 && alarm.recoveryTime) {
    const at = new Date(alarm.recoveryTime).toISOString();
    out.push(
      alarm.resolvedById !== null || alarm.resolvedBy !== null
        ? { event: 'resolved', at, ...none, byId: alarm.resolvedById, by: alarm.resolvedBy }
        : { event: 'recovered', at, ...none },
    );
  }
  return out;
};
