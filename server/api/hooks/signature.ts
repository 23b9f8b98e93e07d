import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SIGNATURE_FIELDS, parseForm, signFieldsSync, type SignFields } from '../../../protocol/signing';
import type { ApiHook } from '../call';
import type { NonceStore } from '../nonces';
import { ActionError } from '../errors';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
// One KeyObject per secret: importing the key string on every request costs measurably.
const keys = new Map<string, KeyObject>();
const hmacSha256 = (key: string, data: string) => {
  let k = keys.get(key);
  if (!k) keys.set(key, (k = createSecretKey(Buffer.from(key, 'utf8'))));
  return createHmac('sha256', k).update(data).digest('base64');
};

export interface SignatureDeps {
  /** access key id → secret */
  accessKeys: ReadonlyMap<string, string>;
  /** shared by every replica when they share a database (nonce-store.ts) */
  nonces: NonceStore;
  /** ms since epoch */
  clock: () => number;
  config: { signatureSkewSeconds: number };
}

/**
 * SIGNING.md: every envelope field, a known access key, HMAC-SHA256 1.0, API 1.0.0, a
 * timestamp within the skew, the signature compared in constant time; then the nonce is
 * claimed. Only after the signature checks out, so forged requests cannot burn nonces.
 */
export const signatureHook =
  (deps: SignatureDeps): ApiHook =>
  async (req, call) => {
    if (typeof req.body !== 'string') throw new ActionError('badRequest', { reason: 'formBodyRequired' });
    let fields: SignFields;
    try {
      fields = parseForm(req.body);
    } catch (e) {
      throw new ActionError('badRequest', { reason: String((e as Error).message) });
    }
    for (const f of SIGNATURE_FIELDS) if (!fields[f]) throw new ActionError('missingField', { field: f });
    const secret = deps.accessKeys.get(fields.accessKeyId!);
    if (secret === undefined) throw new ActionError('unknownAccessKey');
    if (fields.signatureMethod !== 'HMAC-SHA256' || fields.signatureVersion !== '1.0') throw new ActionError('badSignature');
    if (fields.version !== '1.0.0') throw new ActionError('badRequest', { reason: 'version' });
    if (!TIMESTAMP.test(fields.timestamp!)) throw new ActionError('staleTimestamp');
    const skew = Math.abs(deps.clock() - Date.parse(fields.timestamp!));
    if (!(skew <= deps.config.signatureSkewSeconds * 1000)) throw new ActionError('staleTimestamp');
    const expected = Buffer.from(signFieldsSync(fields, secret, hmacSha256));
    const got = Buffer.from(fields.signature!);
    if (expected.length !== got.length || !timingSafeEqual(expected, got)) throw new ActionError('badSignature');
    if (!(await deps.nonces.claim(fields.accessKeyId!, fields.signatureNonce!))) throw new ActionError('replay');
    call.fields = fields;
  };
