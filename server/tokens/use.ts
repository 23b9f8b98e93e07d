import type { Queryable } from '../db/db';
import { ActionError } from '../api/errors';
import type { Principal } from '../auth/scope';
import { assertNotThrottled, recordFailure } from '../auth/throttle';
import { resolveApiToken } from './resolve';

// One call made with an API token (docs/integrations.md): who it acts as, whether it may, how
// often, and the audit row every call with a known token leaves (allowed or refused).

export const RATE_WINDOW_MS = 60_000;

export interface ApiTokenUse {
  /** the action asked for */
  action: string;
  ip: string | null;
  /** the action's permission check, applied to the token's narrowed principal */
  permits: (p: Principal) => boolean;
}

export interface ApiTokenDeps {
  db: Queryable;
  clock: () => number;
  config: { apiTokenPerMinute: number };
}

export interface Authorised {
  principal: Principal;
  tokenId: number;
  tokenHash: string;
}

const auditUse = (db: Queryable, at: Date, accountId: number, tokenId: number, use: ApiTokenUse, outcome: 'ok' | 'failed', reason?: string) =>
  db.query(
    `INSERT INTO audit_log(at, account_id, org_id, action, target, outcome, detail)
     VALUES ($1, $2::int, (SELECT org_id FROM accounts WHERE id = $2::int), 'apiTokenUse', $3, $4, $5)`,
    [at, accountId, `apiToken:${tokenId}`, outcome, JSON.stringify({ action: use.action, ip: use.ip, ...(reason ? { reason } : {}) })],
  );

/** The token's principal for this call, or the refusal: unauthenticated (unknown, revoked,
 *  expired, creator disabled), forbidden, or rateLimited. */
export const authoriseApiToken = async (deps: ApiTokenDeps, secret: string, use: ApiTokenUse): Promise<Authorised> => {
  const now = new Date(deps.clock());
  const r = await resolveApiToken(deps.db, secret, now);
  if (!r.ok) {
    if (r.tokenId !== null && r.accountId !== null) await auditUse(deps.db, now, r.accountId, r.tokenId, use, 'failed', r.reason);
    throw new ActionError('unauthenticated', { reason: r.reason === 'unknown' ? 'unknownToken' : r.reason });
  }
  if (!use.permits(r.principal)) {
    await auditUse(deps.db, now, r.accountId, r.tokenId, use, 'failed', 'forbidden');
    throw new ActionError('forbidden');
  }
  const key = `apiToken:${r.tokenId}`;
  try {
    await assertNotThrottled(deps.db, key, now, { max: deps.config.apiTokenPerMinute, windowMs: RATE_WINDOW_MS });
  } catch (e) {
    await auditUse(deps.db, now, r.accountId, r.tokenId, use, 'failed', 'rateLimited');
    throw e;
  }
  await recordFailure(deps.db, key, now);
  await auditUse(deps.db, now, r.accountId, r.tokenId, use, 'ok');
  await deps.db.query('UPDATE api_tokens SET last_used_at = $2, last_used_ip = $3 WHERE id = $1', [r.tokenId, now, use.ip]);
  return { principal: r.principal, tokenId: r.tokenId, tokenHash: r.tokenHash };
};

/** The pipeline's view of API tokens (services.apiTokens). */
export interface ApiTokenAuthoriser {
  authorise(secret: string, use: ApiTokenUse): Promise<Authorised>;
}

export const apiTokenAuthoriser = (deps: ApiTokenDeps): ApiTokenAuthoriser => ({
  authorise: (secret: string, use: ApiTokenUse): Promise<Authorised> => authoriseApiToken(deps, secret, use),
});
