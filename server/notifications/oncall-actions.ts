import type { z } from 'zod';
import type { saveOncallScheduleRequest } from '../../protocol/actions/oncall';
import { authed, type Ctx, type Handlers } from '../api/context';
import { audit } from '../api/audit';
import { ActionError, invalid } from '../api/errors';
import type { FieldIssue } from '../../protocol/envelope';
import { deleteSchedule, saveSchedule, scheduleById, schedulesOf, type ScheduleRow } from './oncall-store';
import { isZone } from './timing';

// Handlers of the on-call schedule actions (protocol/actions/oncall.ts). A schedule is its
// organisation's: another organisation's answers notFound like a missing one; the platform
// reads and edits every organisation's.

const view = (s: ScheduleRow) => ({
  scheduleId: s.scheduleId,
  orgId: s.orgId,
  name: s.name,
  zone: s.zone,
  stationIds: s.stationIds,
  categories: s.categories as never[],
  enabled: s.enabled,
  tiers: s.tiers,
  locale: s.locale,
  updatedAt: new Date(s.updatedAt).toISOString(),
});

/** The organisation whose schedules the caller reads: its own, or null (every one) for the platform. */
const orgOf = (ctx: Ctx): number | null => {
  const { me } = authed(ctx);
  return me.orgType === 1 ? null : me.orgId;
};

const ownSchedule = async (ctx: Ctx, id: number): Promise<ScheduleRow> => {
  const s = await scheduleById(ctx.services.db, id);
  const org = orgOf(ctx);
  if (!s || (org !== null && s.orgId !== org)) throw new ActionError('notFound');
  return s;
};

/** Accounts and roles of `orgId` a schedule may name (the platform's schedules: any). */
const namable = async (ctx: Ctx, orgId: number | null) => ({
  accounts: await ctx.services.db.query<{ accountId: number; name: string; orgId: number }>(
    `SELECT id AS "accountId", coalesce(nullif(contact, ''), account) AS name, org_id AS "orgId" FROM accounts
     WHERE status = 1 AND ($1::int IS NULL OR org_id = $1) ORDER BY id`,
    [orgId],
  ),
  roles: await ctx.services.db.query<{ roleId: number; name: string; orgId: number }>(
    `SELECT id AS "roleId", name, org_id AS "orgId" FROM roles WHERE $1::int IS NULL OR org_id = $1 ORDER BY id`,
    [orgId],
  ),
});

const check = async (q: z.output<typeof saveOncallScheduleRequest>, ctx: Ctx, orgId: number) => {
  const { scope } = authed(ctx);
  const issues: FieldIssue[] = [];
  if (!isZone(q.zone)) issues.push({ path: 'zone', issue: 'invalidFormat' });
  q.stationIds.forEach((id, i) => scope.hasStation(id) || issues.push({ path: `stationIds.${i}`, issue: 'notFound' }));
  const { accounts, roles } = await namable(ctx, scope.isRoot ? null : orgId);
  const accountIds = new Set(accounts.map((a) => a.accountId));
  const roleIds = new Set(roles.map((r) => r.roleId));
  q.tiers.forEach((t, i) =>
    t.shifts.forEach((s, j) => {
      s.accountIds.forEach((id, k) => accountIds.has(id) || issues.push({ path: `tiers.${i}.shifts.${j}.accountIds.${k}`, issue: 'notFound' }));
      s.roleIds.forEach((id, k) => roleIds.has(id) || issues.push({ path: `tiers.${i}.shifts.${j}.roleIds.${k}`, issue: 'notFound' }));
    }),
  );
  if (issues.length > 0) invalid(issues);
};

export const oncallHandlers: Handlers = {
  queryOncallSchedules: async (_q, ctx) => {
    const org = orgOf(ctx);
    return { dataList: (await schedulesOf(ctx.services.db, org)).map(view), ...(await namable(ctx, org)) };
  },

  saveOncallSchedule: async (q, ctx) => {
    const { me } = authed(ctx);
    const before = q.scheduleId === undefined ? null : await ownSchedule(ctx, q.scheduleId);
    const orgId = before?.orgId ?? me.orgId;
    await check(q, ctx, orgId);
    const input = {
      name: q.name,
      zone: q.zone,
      stationIds: [...new Set(q.stationIds)],
      categories: [...new Set(q.categories)],
      enabled: q.enabled,
      tiers: q.tiers.map((t) => ({ ...t, channels: [...new Set(t.channels)] })),
    };
    const id = await saveSchedule(ctx.services.db, ctx.services.registry, before?.scheduleId ?? null, orgId, input, String(ctx.locale), ctx.now);
    await audit(ctx.services.db, ctx, me.accountId, 'saveOncallSchedule', `oncallSchedule:${id}`, input);
    return view((await scheduleById(ctx.services.db, id))!);
  },

  deleteOncallSchedule: async ({ scheduleId }, ctx) => {
    const { me } = authed(ctx);
    const s = await ownSchedule(ctx, scheduleId);
    await deleteSchedule(ctx.services.db, scheduleId);
    await audit(ctx.services.db, ctx, me.accountId, 'deleteOncallSchedule', `oncallSchedule:${scheduleId}`, { name: s.name });
    return null;
  },
};
