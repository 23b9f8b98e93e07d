import { API_TOKEN_PREFIX } from '../../protocol/actions/api-tokens';
import type { Queryable } from '../db/db';
import { hashToken, loadPrincipal } from '../auth/sessions';
import type { Principal } from '../auth/scope';

/** Whether a bearer credential is an API token rather than a console session. */
export const isApiToken = (bearer: string): boolean => bearer.startsWith(API_TOKEN_PREFIX);

export type Resolved =
  | { ok: true; tokenId: number; tokenHash: string; accountId: number; principal: Principal }
  | { ok: false; tokenId: number | null; accountId: number | null; reason: 'unknown' | 'revoked' | 'expired' | 'creatorDisabled' };

interface TokenRow {
  id: number;
  account_id: number;
  permissions: string[];
  data_scope: 'org' | 'stations';
  scope_station_ids: number[];
  expires_at: Date;
  revoked_at: Date | null;
}

/**
 * The principal an API token acts as: its creator as the creator is now, narrowed to the token's
 * permissions and station list. Read from the database on every use, so a creator who loses a
 * permission, a station or the account itself takes it from the token at once, on every replica.
 */
export const resolveApiToken = async (db: Queryable, secret: string, now: Date): Promise<Resolved> => {
  if (secret.length > 100) return { ok: false, tokenId: null, accountId: null, reason: 'unknown' };
  const tokenHash = hashToken(secret);
  const [t] = await db.query<TokenRow>(
    'SELECT id, account_id, permissions, data_scope, scope_station_ids, expires_at, revoked_at FROM api_tokens WHERE token_hash = $1',
    [tokenHash],
  );
  if (!t) return { ok: false, tokenId: null, accountId: null, reason: 'unknown' };
  const refused = (reason: 'revoked' | 'expired' | 'creatorDisabled') => ({ ok: false as const, tokenId: t.id, accountId: t.account_id, reason });
  if (t.revoked_at) return refused('revoked');
  if (t.expires_at <= now) return refused('expired');
  const creator = await loadPrincipal(db, t.account_id);
  if (!creator || creator.status !== 1) return refused('creatorDisabled');
  const own = new Set(t.permissions);
  const permissions = new Set([...creator.permissions].filter((p) => own.has(p)));
  const stations =
    t.data_scope === 'org'
      ? { dataScope: creator.dataScope, scopeStationIds: creator.scopeStationIds }
      : {
          dataScope: 'stations' as const,
          scopeStationIds: creator.dataScope === 'stations' ? t.scope_station_ids.filter((s) => creator.scopeStationIds.includes(s)) : t.scope_station_ids,
        };
  const { status: _, ...p } = creator;
  return { ok: true, tokenId: t.id, tokenHash, accountId: t.account_id, principal: { ...p, permissions, ...stations } };
};
