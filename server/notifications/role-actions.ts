import { authed, type Handlers } from '../api/context';
import { audit } from '../api/audit';
import { ActionError } from '../api/errors';
import { assertHolds } from '../accounts/grants';
import { loadRole } from '../accounts/records';
import { checkFilters, ruleBasics, view } from './actions';
import { deleteRule, ruleById, saveRule } from './rules';
import { roleRulesOf, setMuted } from './role-rules';

// Handlers of a role's default notification rules (protocol/actions/notifications.ts): read with
// the role (system.role), written by who edits roles (system.role.edit) and only for a role in
// the caller's organisations that is no stronger than the caller, as saveRole asks; muted by an
// account holding the role, for itself.

export const roleRuleHandlers: Handlers = {
  queryRoleNotificationRules: async ({ roleId }, ctx) => {
    const role = await loadRole(ctx, authed(ctx).me, roleId);
    return { dataList: (await roleRulesOf(ctx.services.db, role.roleId)).map((r) => view(r)), smsAvailable: ctx.services.notifications.smsAvailable };
  },

  saveRoleNotificationRule: async (q, ctx) => {
    const { me } = authed(ctx);
    const role = await loadRole(ctx, me, q.roleId);
    assertHolds(me, role.permissions);
    const before = q.ruleId === undefined ? null : await ruleById(ctx.services.db, q.ruleId);
    if (q.ruleId !== undefined && before?.roleId !== role.roleId) throw new ActionError('notFound');
    checkFilters(q, ctx);
    const input = { ...ruleBasics(q), events: ['alarm' as const], email: null, webhookUrl: null, mobile: null };
    const id = await saveRule(ctx.services.db, before?.ruleId ?? null, { roleId: role.roleId }, input, String(ctx.locale), null, ctx.now);
    await audit(ctx.services.db, ctx, me.accountId, 'saveRoleNotificationRule', `role:${role.roleId}`, { ruleId: id, ...input });
    return view((await ruleById(ctx.services.db, id))!);
  },

  deleteRoleNotificationRule: async ({ roleId, ruleId }, ctx) => {
    const { me } = authed(ctx);
    const role = await loadRole(ctx, me, roleId);
    assertHolds(me, role.permissions);
    if (!(await deleteRule(ctx.services.db, ruleId, { roleId: role.roleId }))) throw new ActionError('notFound');
    await audit(ctx.services.db, ctx, me.accountId, 'deleteRoleNotificationRule', `role:${role.roleId}`, { ruleId });
    return null;
  },

  muteRoleNotificationRule: async ({ ruleId, muted }, ctx) => {
    const { me } = authed(ctx);
    const rule = await ruleById(ctx.services.db, ruleId);
    // only a rule of the caller's own role: another's answers like a missing one
    if (!rule || rule.roleId === null || rule.roleId !== me.roleId) throw new ActionError('notFound');
    if (await setMuted(ctx.services.db, ruleId, me.accountId, muted, ctx.now))
      await audit(ctx.services.db, ctx, me.accountId, muted ? 'muteRoleNotificationRule' : 'unmuteRoleNotificationRule', `notificationRule:${ruleId}`, {
        roleId: rule.roleId,
      });
    return null;
  },
};
