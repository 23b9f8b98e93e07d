import { z } from 'zod';
import { actionsOn } from '../action';
import { ALARM_CATEGORIES } from '../codes';
import { id, isoTime, length, page } from './common';
import { alarmRecord } from './alarms';

// The global message view: every alarm message the account may see, across stations, with a
// read state of its own (per account, not per alarm).

export const messageRecord = alarmRecord.extend({
  read: z.boolean(),
});

const listPerm = ['message.list', 'alarm.alarmList', 'alarmLog.alarmLog', 'homepage.index'] as const;

const alarms = actionsOn('alarm');

export const messageActions = {
  queryMessages: alarms.read(listPerm, {
    summary:
      "Alarm messages in scope, newest first, with the caller's read state; filters by category, station, provider, happen time and read state. unreadCount counts the unread ones under the same filters.",
    request: z.object({
      orgId: id.optional(),
      stationId: id.optional(),
      category: z.enum(ALARM_CATEGORIES).optional(),
      /** happen time, inclusive */
      from: isoTime.optional(),
      /** happen time, exclusive */
      to: isoTime.optional(),
      /** true: read ones only; false: unread ones only */
      read: z.boolean().optional(),
      page,
      length,
    }),
    response: z.object({ totalCount: z.number().int(), unreadCount: z.number().int(), dataList: z.array(messageRecord) }),
  }),
  markMessagesRead: alarms.write(listPerm, {
    summary:
      'Mark messages read for the caller: the listed alarm ids (in scope, else notFound), or with all, every message received so far. Answers the remaining unread count.',
    request: z
      .object({ alarmIds: z.array(id).min(1).max(1000).optional(), all: z.literal(true).optional() })
      .refine((v) => (v.alarmIds === undefined) !== (v.all === undefined), { message: 'oneOf', path: ['alarmIds'] }),
    response: z.object({ unreadCount: z.number().int() }),
  }),
} as const;
