import { z } from 'zod';
import { actionsOn } from '../action';
import { API_TOKEN_KINDS, API_TOKEN_STATUSES } from '../codes';
import { dataScope, id, isoTime, nonEmpty, ok, permissionName, recordById } from './common';

/** What the secret of an API token starts with: the server tells it from a console session by it. */
export const API_TOKEN_PREFIX = 'emst.';

export const apiToken = z.object({
  tokenId: z.number().int(),
  name: z.string(),
  /** personal: one person's scripts; service: a system integration (longer expiry allowed) */
  kind: z.enum(API_TOKEN_KINDS),
  /** the first characters of the secret, so a holder can tell tokens apart; never the secret */
  hint: z.string(),
  /** the token's ceiling; each use is further bounded by the creator's current permissions */
  permissions: z.array(permissionName),
  dataScope,
  scopeStationIds: z.array(z.number().int()),
  /** the account that created it and whose rights bound it */
  accountId: z.number().int(),
  account: z.string(),
  createdAt: isoTime,
  expiresAt: isoTime,
  revokedAt: isoTime.nullable(),
  lastUsedAt: isoTime.nullable(),
  lastUsedIp: z.string().nullable(),
  status: z.enum(API_TOKEN_STATUSES),
});

/** Longest life of a token of each kind, days. */
export const API_TOKEN_MAX_DAYS = { personal: 90, service: 365 } as const;

const mot = actionsOn('mot');

export const apiTokenActions = {
  queryApiTokens: mot.read('@session', {
    summary:
      "API tokens: `own` the caller's; `managed` (needs system.account.edit) those of every account in the orgs the caller manages. Newest first; never a secret.",
    request: z.object({ view: z.enum(['own', 'managed']).default('own') }),
    response: z.object({ dataList: z.array(apiToken) }),
  }),
  createApiToken: mot.write('@session', {
    summary:
      "Create an API token with permissions out of the caller's, a data scope within the caller's and an expiry (personal at most 90 days, service 365). The secret is in this answer only; the server keeps its hash. Not callable with an API token.",
    request: z.object({
      name: nonEmpty(60),
      kind: z.enum(API_TOKEN_KINDS).default('personal'),
      permissions: z.array(permissionName).min(1).max(200),
      dataScope: dataScope.default('org'),
      scopeStationIds: z.array(id).max(5000).default([]),
      expiresInDays: z.number().int().min(1).max(API_TOKEN_MAX_DAYS.service),
    }),
    response: z.object({ secret: z.string(), token: apiToken }),
  }),
  revokeApiToken: mot.write(
    '@session',
    recordById(
      "Revoke an API token: one's own, or (with system.account.edit) one of an account in the orgs the caller manages. It stops working at once.",
      'tokenId',
      ok,
    ),
  ),
} as const;
