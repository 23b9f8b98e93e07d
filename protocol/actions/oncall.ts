import { z } from 'zod';
import { actionsOn } from '../action';
import { ALARM_CATEGORIES } from '../codes';
import { id, ok, recordById } from './common';

// On-call schedules (docs/notifications.md, "Escalation"): an organisation's tiers of people who
// hear of an alarm nobody has acknowledged after so many minutes, by the shift in force then.

export const ONCALL_CHANNELS = ['email', 'sms', 'push'] as const;
export const MAX_TIERS = 5;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

/** A time-of-week slot: ISO weekdays (1 = Monday) and from–to on the schedule's clock; from ≥ to runs past midnight into the next day. */
export const oncallShift = z
  .object({
    days: z.array(z.number().int().min(1).max(7)).min(1).max(7),
    from: hhmm,
    to: hhmm,
    accountIds: z.array(id).max(50).default([]),
    roleIds: z.array(id).max(20).default([]),
  })
  .superRefine((s, ctx) => {
    if (s.accountIds.length === 0 && s.roleIds.length === 0) ctx.addIssue({ code: 'custom', path: ['accountIds'], message: 'required' });
  });

export const oncallTier = z.object({
  /** minutes unacknowledged before this tier is told (0: at once) */
  afterMinutes: z.number().int().min(0).max(10_080),
  channels: z.array(z.enum(ONCALL_CHANNELS)).min(1).max(3),
  shifts: z.array(oncallShift).min(1).max(10),
});

/** 1–5 tiers, each told strictly later than the one before. */
export const oncallTiers = z
  .array(oncallTier)
  .min(1)
  .max(MAX_TIERS)
  .superRefine((tiers, ctx) => {
    for (let i = 1; i < tiers.length; i++)
      if (tiers[i]!.afterMinutes <= tiers[i - 1]!.afterMinutes) ctx.addIssue({ code: 'custom', path: [i, 'afterMinutes'], message: 'notIncreasing' });
  });

export const oncallSchedule = z.object({
  scheduleId: z.number().int(),
  orgId: z.number().int(),
  name: z.string(),
  /** IANA zone the shifts are read in */
  zone: z.string(),
  /** empty: every station of the organisation */
  stationIds: z.array(z.number().int()),
  /** empty: every category */
  categories: z.array(z.enum(ALARM_CATEGORIES)),
  enabled: z.boolean(),
  tiers: z.array(oncallTier),
  /** the language of the messages: the console's when the schedule was saved */
  locale: z.string(),
  updatedAt: z.string(),
});

export const saveOncallScheduleRequest = z.object({
  scheduleId: id.optional(),
  name: z.string().trim().min(1).max(100),
  zone: z.string().trim().min(1).max(64),
  stationIds: z.array(id).max(500).default([]),
  categories: z.array(z.enum(ALARM_CATEGORIES)).max(4).default([]),
  enabled: z.boolean().default(true),
  tiers: oncallTiers,
});

const alarms = actionsOn('alarm', 'fleet');

export const oncallActions = {
  queryOncallSchedules: alarms.read('system.account', {
    summary:
      "The on-call schedules of the caller's organisation (every organisation's for the platform), oldest first, with the accounts and roles a schedule may name.",
    request: z.object({}),
    response: z.object({
      dataList: z.array(oncallSchedule),
      accounts: z.array(z.object({ accountId: z.number().int(), name: z.string(), orgId: z.number().int() })),
      roles: z.array(z.object({ roleId: z.number().int(), name: z.string(), orgId: z.number().int() })),
    }),
  }),
  saveOncallSchedule: alarms.write('system.account.edit', {
    summary:
      "Creates (no scheduleId) or replaces an on-call schedule of the caller's organisation: stations within the caller's data scope, a known zone, 1–5 tiers told strictly later one after another, each shift naming accounts or roles of the organisation.",
    request: saveOncallScheduleRequest,
    response: oncallSchedule,
  }),
  deleteOncallSchedule: alarms.write(
    'system.account.edit',
    recordById("Deletes an on-call schedule of the caller's organisation; escalations already sent stay in the delivery log.", 'scheduleId', ok),
  ),
} as const;
