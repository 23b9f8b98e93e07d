import type { Profile } from '../../protocol/actions/identity';
import type { Services } from '../services';
import type { Ctx } from '../api/context';
import { ActionError } from '../api/errors';
import { loadPrincipal } from './sessions';
import type { Principal } from './scope';
import { openChallenge, roleRequiresTwoFactor, secondFactorOf } from './two-factor';
import { auditSignIn } from '../audit/sign-in';
import { isPermission } from '../../protocol/permissions';

// How a sign-in ends (docs/accounts.md): after the first factor (password or SMS code), a
// session, or a challenge when the account has a confirmed second factor ('verify') or its role
// requires one it lacks ('enrol'); verifyTwoFactor (two-factor.ts) turns the challenge into a session.

type Method = 'password' | 'phone';

export const buildProfile = (s: Services, p: Principal): Profile => {
  const org = s.registry.orgs.get(p.orgId);
  const root = [...s.registry.orgs.values()].find((o) => o.orgType === 1);
  const providerId = s.registry.providerOf(p.orgId);
  const logo = org?.logoUrl ?? (providerId ? s.registry.orgs.get(providerId)?.logoUrl : null) ?? null;
  return {
    platform: root?.name ?? 'EMS Cloud Platform',
    name: p.contact || p.account,
    account: p.account,
    orgLogoUrl: logo,
    orgType: p.orgType,
    orgId: p.orgId,
    orgName: org?.name ?? '',
    userId: p.accountId,
    roleName: p.roleName,
    // names the catalogue no longer has (a permission retired since a role was saved) grant nothing
    permissions: [...p.permissions]
      .filter(isPermission)
      .sort()
      .map((permission) => ({ permission })),
  };
};

/** A new session for an account that passed every factor; the sign-in is audited. */
export const startSession = async (ctx: Ctx, accountId: number, detail: { method: Method; secondFactor?: 'totp' | 'recoveryCode'; device?: string | null }) => {
  const s = ctx.services;
  const p = await loadPrincipal(s.db, accountId);
  if (!p) throw new ActionError('wrongCredentials');
  const { token, expiresAt } = await s.sessions.create(accountId, { device: detail.device, ip: ctx.ip });
  await auditSignIn(s.db, ctx, accountId, 'ok', { method: detail.method, ...(detail.secondFactor ? { secondFactor: detail.secondFactor } : {}) });
  return { token, expiresAt: expiresAt.toISOString(), profile: buildProfile(s, p) };
};

/** After the first factor: a session, or a challenge for the second. */
export const signInOrChallenge = async (ctx: Ctx, accountId: number, first: { method: Method; throttleKey: string; device?: string }) => {
  const db = ctx.services.db;
  const factor = await secondFactorOf(db, accountId);
  const state = factor?.confirmed ? ('verify' as const) : (await roleRequiresTwoFactor(db, accountId)) ? ('enrol' as const) : null;
  if (state === null) return startSession(ctx, accountId, { method: first.method, device: first.device });
  const { challenge, expiresAt } = await openChallenge(
    db,
    { accountId, throttleKey: first.throttleKey, method: first.method, device: first.device ?? null },
    ctx.now,
  );
  return { twoFactor: state, challenge, expiresAt: expiresAt.toISOString() };
};
