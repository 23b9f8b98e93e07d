import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real local push service for the tests: it makes browser subscriptions (a P-256 key pair and
// an auth secret, as a browser does), and on each POST checks the VAPID JWT against the key sent
// with it and decrypts the aes128gcm body (RFC 8291 / RFC 8188) with the subscription's private
// key, written out here independently of the sender's library.

export interface PushReceived {
  /** which subscription it was sent to */
  path: string;
  vapidKey: string;
  jwtValid: boolean;
  audience: string;
  ttl: number;
  urgency: string;
  payload: Record<string, unknown>;
}

export interface PushSink {
  received: PushReceived[];
  /** a new browser subscription at this service */
  subscribe(name: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** the status the service answers a subscription with (default 201) */
  status: Map<string, number>;
  close(): Promise<void>;
}

const b64 = (s: string) => Buffer.from(s, 'base64url');

const checkJwt = (jwt: string, key: string, origin: string): boolean => {
  const [h, p, sig] = jwt.split('.');
  if (!h || !p || !sig) return false;
  const raw = b64(key);
  const pub = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const claims = JSON.parse(b64(p).toString('utf8')) as { aud?: string; exp?: number; sub?: string };
  const signed = verify('sha256', Buffer.from(`${h}.${p}`), { key: pub, dsaEncoding: 'ieee-p1363' }, b64(sig));
  return signed && claims.aud === origin && (claims.exp ?? 0) > Date.now() / 1000 && /^(mailto:|https:)/.test(claims.sub ?? '');
};

const decrypt = (body: Buffer, ua: ReturnType<typeof createECDH>, auth: Buffer): Buffer => {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const cipher = body.subarray(21 + idlen);
  const secret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const d = createDecipheriv('aes-128-gcm', cek, nonce);
  d.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([d.update(cipher.subarray(0, cipher.length - 16)), d.final()]);
  // the last record ends with the delimiter 0x02, then padding zeros
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  return plain.subarray(0, end);
};

export const startPushSink = async (): Promise<PushSink> => {
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const sink: PushSink = {
    received: [],
    status: new Map(),
    subscribe: () => {
      throw new Error('not listening');
    },
    close: async () => undefined,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const b = browsers.get(path);
      const status = sink.status.get(path) ?? 201;
      if (!b || status >= 300) {
        res.statusCode = b ? status : 404;
        return res.end();
      }
      const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(String(req.headers.authorization ?? ''));
      const origin = `http://${req.headers.host}`;
      sink.received.push({
        path,
        vapidKey: m?.[2] ?? '',
        jwtValid: m ? checkJwt(m[1]!, m[2]!, origin) : false,
        audience: origin,
        ttl: Number(req.headers.ttl),
        urgency: String(req.headers.urgency ?? ''),
        payload:
          req.headers['content-encoding'] === 'aes128gcm'
            ? (JSON.parse(decrypt(Buffer.concat(chunks), b.ecdh, b.auth).toString('utf8')) as Record<string, unknown>)
            : {},
      });
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sink.subscribe = (name) => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    browsers.set(`/push/${name}`, { ecdh, auth });
    return { endpoint: `${base}/push/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
  };
  sink.close = () => new Promise<void>((r) => server.close(() => r()));
  return sink;
};
