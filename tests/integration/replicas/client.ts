import { createHash, createHmac } from 'node:crypto';
import { buildSignedForm } from '../../../protocol/signing';
import { CONSOLE_ACCESS_KEY_ID, CONSOLE_ACCESS_KEY_SECRET } from '../../../protocol/console-key';
import { actionEndpoints } from '../../../protocol/endpoints.gen';
import { postSignedForm } from '../../e2e/helpers/console';

// The console's signed API over real HTTP, for tests against spawned replicas (spawn.ts).

const hmac = (k: string, d: string) => createHmac('sha256', k).update(d).digest('base64');
export const md5 = (s: string) => createHash('md5').update(s).digest('hex');

export interface Reply {
  status: number;
  code: number;
  data: unknown;
}

/** A signed form for `action` (fresh nonce and timestamp); send it with `post`, or twice to replay it. */
export const signedBody = (action: string, payload: Record<string, unknown> = {}): Promise<string> =>
  buildSignedForm({ action, payload, accessKeyId: CONSOLE_ACCESS_KEY_ID, secret: CONSOLE_ACCESS_KEY_SECRET, hmac });

export const post = async (baseUrl: string, action: string, body: string, token?: string): Promise<Reply> => {
  const endpoint = (actionEndpoints as Record<string, string>)[action] ?? 'asset';
  const res = await postSignedForm(baseUrl, endpoint, body, token);
  const json = (await res.json()) as { code: number; data: unknown };
  return { status: res.status, code: json.code, data: json.data };
};

/** Signs and sends in one go. */
export const call = async (baseUrl: string, action: string, payload: Record<string, unknown> = {}, token?: string): Promise<Reply> =>
  post(baseUrl, action, await signedBody(action, payload), token);

/** Signs in with a demo account on one replica; the token. */
export const login = async (baseUrl: string, account: string, password: string): Promise<string> => {
  const r = await call(baseUrl, 'login', { account, password: md5(password) });
  const token = (r.data as { token?: string } | null)?.token;
  if (r.code !== 0 || !token) throw new Error(`login ${account} at ${baseUrl}: ${r.code}`);
  return token;
};
