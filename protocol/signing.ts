// Request signing per /work/shared/SIGNING.md (Alibaba Cloud RPC v2 canonicalisation + nonce).
// Shared by the browser and the server, so: no repo imports, no Node-only modules.

export type SignFields = Record<string, string>;
export type HmacFn = (key: string, data: string) => string | Promise<string>;

/** Envelope fields; everything else in a signed form is payload. */
export const SIGNATURE_FIELDS = [
  'action',
  'timestamp',
  'signatureNonce',
  'accessKeyId',
  'signatureMethod',
  'signatureVersion',
  'version',
  'signature',
] as const;
const ENVELOPE = new Set<string>(SIGNATURE_FIELDS);

// Lone surrogates cannot be UTF-8 encoded; browsers' form encoding (USVString) turns them into
// U+FFFD, so we do the same and the client signs exactly what the server will decode.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (s: string): string => s.replace(LONE_SURROGATE, '\uFFFD');

const HAS_RESERVED = /[!'()*]/; // non-global: .test() must not carry lastIndex between calls
const RESERVED_BY_SPEC = /[!'()*]/g;
const hexEscape = (c: string): string => '%' + c.charCodeAt(0).toString(16).toUpperCase();

/** RFC 3986 unreserved-only encoding of UTF-8 bytes, upper-case hex (SIGNING.md step 2). */
export function percentEncode(s: string): string {
  let out: string;
  try {
    out = encodeURIComponent(s); // native and fast; already UTF-8 and upper-case hex
  } catch {
    out = encodeURIComponent(wellFormed(s)); // URIError only on lone surrogates
  }
  // encodeURIComponent leaves !'()* unescaped; the spec wants them escaped.
  return HAS_RESERVED.test(out) ? out.replace(RESERVED_BY_SPEC, hexEscape) : out;
}

// UTF-16 code-unit order equals UTF-8 byte order except that surrogates (astral code points)
// must sort after U+E000..U+FFFF; remap the differing unit before comparing.
const unitKey = (u: number): number => (u >= 0xe000 ? u - 0x800 : u >= 0xd800 ? u + 0x2000 : u);
function byteOrder(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return unitKey(x) - unitKey(y);
  }
  return a.length - b.length;
}

/** Every field except `signature`, sorted by name in byte order, as `pe(name)=pe(value)&…`. */
export function canonicalQuery(fields: SignFields): string {
  return Object.keys(fields)
    .filter((k) => k !== 'signature')
    .sort(byteOrder)
    .map((k) => percentEncode(k) + '=' + percentEncode(fields[k] as string))
    .join('&');
}

export function stringToSign(fields: SignFields, method = 'POST'): string {
  return method + '&%2F&' + percentEncode(canonicalQuery(fields));
}

export async function signFields(fields: SignFields, secret: string, hmac: HmacFn, method = 'POST'): Promise<string> {
  return await hmac(secret + '&', stringToSign(fields, method));
}

/** Synchronous variant for the server, where the HMAC (node:crypto) is synchronous. */
export function signFieldsSync(fields: SignFields, secret: string, hmac: (key: string, data: string) => string, method = 'POST'): string {
  return hmac(secret + '&', stringToSign(fields, method));
}

/** Payload → form fields: scalars as strings, objects/arrays as compact JSON, nullish omitted. */
export function toWireFields(payload: Record<string, unknown>): SignFields {
  // Null prototype so a `__proto__` payload key is an ordinary field, not a prototype swap.
  const out: SignFields = Object.create(null) as SignFields;
  for (const [k, v] of Object.entries(payload)) {
    if (v === null || v === undefined) continue;
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    out[wellFormed(k)] = wellFormed(s);
  }
  return out;
}

export interface BuildSignedFormOptions {
  action: string;
  payload: Record<string, unknown>;
  accessKeyId: string;
  secret: string;
  hmac: HmacFn;
  now?: () => Date;
  nonce?: () => string;
}

/** Full signed `application/x-www-form-urlencoded` body for `POST /api/<endpoint>`. */
export async function buildSignedForm(opts: BuildSignedFormOptions): Promise<string> {
  const fields = toWireFields(opts.payload);
  for (const k of Object.keys(fields)) {
    // Silently overwriting either side would sign something the caller did not mean.
    if (ENVELOPE.has(k)) throw new Error(`payload field ${k} collides with an envelope field`);
  }
  const now = (opts.now ?? (() => new Date()))();
  fields.action = opts.action;
  fields.timestamp = now.toISOString().slice(0, 19) + 'Z'; // to the second, no millis
  fields.signatureNonce = (opts.nonce ?? (() => globalThis.crypto.randomUUID()))();
  fields.accessKeyId = opts.accessKeyId;
  fields.signatureMethod = 'HMAC-SHA256';
  fields.signatureVersion = '1.0';
  fields.version = '1.0.0';
  const signature = await signFields(fields, opts.secret, opts.hmac, 'POST');
  // The canonical query is itself a valid form body (percentEncode never emits `+`).
  return canonicalQuery(fields) + '&signature=' + percentEncode(signature);
}

function decodeComponent(s: string): string {
  if (!s.includes('%') && !s.includes('+')) return s;
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    throw new Error('malformed percent-encoding');
  }
}

/** Parses a form body (`+` is a space, %XX is UTF-8); a repeated name is an error. */
export function parseForm(body: string): SignFields {
  const out: SignFields = Object.create(null) as SignFields;
  for (const part of body.split('&')) {
    if (part === '') continue; // as browsers do for `a=1&&b=2` or an empty body
    const eq = part.indexOf('=');
    const name = decodeComponent(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decodeComponent(part.slice(eq + 1));
    // A duplicate would let the signed and the acted-on value differ.
    if (Object.hasOwn(out, name)) throw new Error(`duplicate field ${name}`);
    out[name] = value;
  }
  return out;
}

// The secret is fixed per deployment, so cache imported keys instead of re-importing per call.
const keyCache = new Map<string, Promise<CryptoKey>>();
function hmacKey(key: string): Promise<CryptoKey> {
  let k = keyCache.get(key);
  if (!k) {
    if (keyCache.size >= 8) keyCache.clear();
    k = globalThis.crypto.subtle.importKey('raw', new TextEncoder().encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    k.catch(() => keyCache.delete(key)); // don't pin a failed import
    keyCache.set(key, k);
  }
  return k;
}

/** HMAC-SHA256 via Web Crypto (browser and Node 20), base64 output. Web Crypto rejects an
 *  empty key; signing always passes `secret + '&'`, so that never happens. */
export const webCryptoHmacSha256: HmacFn = async (key, data) => {
  const sig = await globalThis.crypto.subtle.sign('HMAC', await hmacKey(key), new TextEncoder().encode(data));
  return btoa(String.fromCharCode(...new Uint8Array(sig)));
};
