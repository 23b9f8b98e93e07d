import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildSignedForm } from '../../../protocol/signing';
import type { Principal } from '../../auth/scope';
import { Registry } from '../../registry';
import type { ApiCall, ApiHook, ApiRequest } from '../call';
import type { Handlers } from '../context';
import { actionHook } from '../hooks/action';
import { originHook } from '../hooks/origin';
import { sessionHook } from '../hooks/session';
import { signatureHook } from '../hooks/signature';
import { NonceCache } from '../nonces';

// Each step of the API pipeline on its own, fed plain request values: the refusal it answers.

const request = (o: { endpoint?: string; headers?: Record<string, string>; body?: unknown }): ApiRequest =>
  ({ params: { endpoint: o.endpoint ?? 'asset' }, headers: { host: 'ems.example', 'x-ems-client': '1', ...o.headers }, body: o.body }) as ApiRequest;
const refusal = async (hook: ApiHook, req: ApiRequest, call: ApiCall = { locale: 'en_GB' }): Promise<string | null> => {
  try {
    await hook(req, call);
    return null;
  } catch (e) {
    return (e as { codeName?: string }).codeName ?? String(e);
  }
};

describe('origin and CSRF hook', () => {
  const hook = originHook({ allowedOrigins: ['https://console.example'] });
  it('refuses an unknown endpoint, a missing client header and a foreign Origin', async () => {
    expect(await refusal(hook, request({ endpoint: 'admin' }))).toBe('unknownAction');
    expect(await refusal(hook, request({ headers: { 'x-ems-client': '' } }))).toBe('crossSite');
    expect(await refusal(hook, request({ headers: { origin: 'https://evil.example' } }))).toBe('crossSite');
    expect(await refusal(hook, request({ headers: { origin: 'not a url' } }))).toBe('crossSite');
  });
  it('lets its own origin, a listed one and a non-browser client through', async () => {
    const call: ApiCall = { locale: 'en_GB' };
    expect(await refusal(hook, request({ endpoint: 'alarm', headers: { origin: 'https://ems.example' } }), call)).toBeNull();
    expect(call.endpoint).toBe('alarm');
    expect(await refusal(hook, request({ headers: { origin: 'https://console.example' } }))).toBeNull();
    expect(await refusal(hook, request({}))).toBeNull();
  });
});

describe('signature, clock and replay hook', () => {
  const now = Date.parse('2026-11-23T08:00:00Z');
  const hmac = (k: string, d: string) => createHmac('sha256', k).update(d).digest('base64');
  const hook = signatureHook({
    accessKeys: new Map([['console', 's3cret']]),
    nonces: new NonceCache(600_000, () => now),
    clock: () => now,
    config: { signatureSkewSeconds: 300 },
  });
  const signed = (o: { at?: number; nonce?: string; key?: string } = {}) =>
    buildSignedForm({
      action: 'queryProfile',
      payload: { stationId: 7 },
      accessKeyId: o.key ?? 'console',
      secret: 's3cret',
      hmac,
      now: () => new Date(o.at ?? now),
      nonce: o.nonce ? () => o.nonce! : undefined,
    });

  it('refuses a body that is not a form, a missing field and an unknown key', async () => {
    expect(await refusal(hook, request({ body: undefined }))).toBe('badRequest');
    expect(await refusal(hook, request({ body: (await signed()).replace(/(^|&)version=[^&]*/, '') }))).toBe('missingField');
    expect(await refusal(hook, request({ body: await signed({ key: 'nobody' }) }))).toBe('unknownAccessKey');
  });
  it('refuses a stale timestamp and a one-byte tamper', async () => {
    expect(await refusal(hook, request({ body: await signed({ at: now - 301_000 }) }))).toBe('staleTimestamp');
    expect(await refusal(hook, request({ body: (await signed()).replace('stationId=7', 'stationId=8') }))).toBe('badSignature');
  });
  it('accepts a signed form once; the same nonce again is a replay', async () => {
    const body = await signed({ nonce: 'n-1' });
    const call: ApiCall = { locale: 'en_GB' };
    expect(await refusal(hook, request({ body }), call)).toBeNull();
    expect(call.fields?.stationId).toBe('7');
    expect(await refusal(hook, request({ body }))).toBe('replay');
  });
  it('does not burn the nonce of a forged request', async () => {
    const forged = (await signed({ nonce: 'n-2' })).replace('stationId=7', 'stationId=9');
    expect(await refusal(hook, request({ body: forged }))).toBe('badSignature');
    expect(await refusal(hook, request({ body: await signed({ nonce: 'n-2' }) }))).toBeNull();
  });
});

describe('action hook', () => {
  const handlers: Handlers = { queryProfile: async () => ({}) as never };
  const hook = actionHook(handlers);
  it('refuses an action on the wrong endpoint, unknown to the catalogue, or without a handler', async () => {
    expect(await refusal(hook, request({}), { locale: 'en_GB', endpoint: 'alarm', fields: { action: 'queryProfile' } })).toBe('unknownAction');
    expect(await refusal(hook, request({}), { locale: 'en_GB', endpoint: 'asset', fields: { action: 'dropTables' } })).toBe('unknownAction');
    expect(await refusal(hook, request({}), { locale: 'en_GB', endpoint: 'asset', fields: { action: 'login' } })).toBe('unknownAction');
  });
  it('finds a known action on its endpoint', async () => {
    const call: ApiCall = { locale: 'en_GB', endpoint: 'asset', fields: { action: 'queryProfile' } };
    expect(await refusal(hook, request({}), call)).toBeNull();
    expect(call.action?.name).toBe('queryProfile');
  });
});

describe('session, permission and scope hook', () => {
  const principal: Principal = {
    accountId: 5,
    account: 'op',
    contact: 'Op',
    orgId: 2,
    orgType: 2,
    roleId: 1,
    roleName: 'viewer',
    permissions: new Set(['station.view']),
    dataScope: 'org',
    scopeStationIds: [],
  };
  const hook = sessionHook({
    sessions: { resolve: async (t) => (t === 'good' ? { principal, tokenHash: 'h' } : null) },
    apiTokens: { authorise: () => Promise.reject(new Error('no API token in these cases')) },
    registry: new Registry(),
  });
  const callFor = (name: 'login' | 'queryProfile' | 'resolveAlarm'): ApiCall => {
    const c: ApiCall = { locale: 'en_GB', endpoint: name === 'resolveAlarm' ? 'alarm' : 'asset', fields: { action: name } };
    void actionHook({ [name]: async () => null } as Handlers)(request({}), c);
    return c;
  };
  const bearer = (t: string) => request({ headers: { authorization: `Bearer ${t}` } });

  it('refuses a missing or dead session, and a session without the permission', async () => {
    expect(await refusal(hook, request({}), callFor('queryProfile'))).toBe('unauthenticated');
    expect(await refusal(hook, bearer('expired'), callFor('queryProfile'))).toBe('unauthenticated');
    expect(await refusal(hook, bearer('good'), callFor('resolveAlarm'))).toBe('forbidden');
  });
  it('lets a public action through without a session, and a session action with its scope', async () => {
    expect(await refusal(hook, request({}), callFor('login'))).toBeNull();
    const call = callFor('queryProfile');
    expect(await refusal(hook, bearer('good'), call)).toBeNull();
    expect(call.session?.principal.accountId).toBe(5);
    expect(call.session?.scope.isRoot).toBe(false);
  });
});
