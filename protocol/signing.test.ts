import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SIGNATURE_FIELDS,
  buildSignedForm,
  canonicalQuery,
  parseForm,
  percentEncode,
  signFields,
  signFieldsSync,
  stringToSign,
  toWireFields,
  webCryptoHmacSha256,
  type SignFields,
} from './signing';

const nodeHmac =
  (hash: 'sha1' | 'sha256') =>
  (key: string, data: string): string =>
    createHmac(hash, key).update(data, 'utf8').digest('base64');

describe('SIGNING.md test vectors', () => {
  const fields: SignFields = {
    AccessKeyId: 'testid',
    Action: 'DescribeRegions',
    Format: 'XML',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
    SignatureVersion: '1.0',
    Timestamp: '2016-02-23T12:46:24Z',
    Version: '2014-05-26',
  };
  it.each([
    ['GET', 'sha1', 'OLeaidS1JvxuMvnyHOwuJ+uX5qY='],
    ['POST', 'sha1', 'MxbnVAM4w6sft9xjVpe/GCKueuk='],
    ['GET', 'sha256', 'ZyzAriSwtsiqkcWUIBZFJxluGkRmMmqtKNSPDjU921Y='],
    ['POST', 'sha256', '5fzN09HuSKHYMf9W0S2puiVGX9u+x/JtLzY7mpf4TvQ='],
  ] as const)('%s HMAC-%s', async (method, hash, expected) => {
    expect(signFieldsSync(fields, 'testsecret', nodeHmac(hash), method)).toBe(expected);
    expect(await signFields(fields, 'testsecret', nodeHmac(hash), method)).toBe(expected);
    // `signature` itself is never part of what is signed.
    const withSig = { ...fields, signature: 'x' };
    expect(signFieldsSync(withSig, 'testsecret', nodeHmac(hash), method)).toBe(expected);
  });

  it('double-encodes the timestamp colon in the string to sign', () => {
    expect(stringToSign(fields)).toMatch(/^POST&%2F&AccessKeyId%3Dtestid%26/);
    expect(stringToSign(fields)).toContain('2016-02-23T12%253A46%253A24Z');
  });
});

describe('percentEncode', () => {
  it.each([
    ["a b*c~d!'()", 'a%20b%2Ac~d%21%27%28%29'],
    ['储能站', '%E5%82%A8%E8%83%BD%E7%AB%99'],
    ['😀', '%F0%9F%98%80'],
    ['𝄞x', '%F0%9D%84%9Ex'],
    ['AZaz09-_.~', 'AZaz09-_.~'],
    ['+/=&%', '%2B%2F%3D%26%25'],
    ['\uD800', '%EF%BF%BD'], // lone surrogate → U+FFFD, as browsers encode forms
    ['', ''],
  ])('%j → %s', (input, expected) => {
    expect(percentEncode(input)).toBe(expected);
  });

  it('matches a byte-by-byte reference for any string', () => {
    const ref = (s: string) =>
      [...Buffer.from(s, 'utf8')]
        .map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : '%' + b.toString(16).toUpperCase().padStart(2, '0')))
        .join('');
    // ASCII-heavy strings too: the interesting punctuation is rare among all code points.
    const anyString = fc.oneof(fc.string({ unit: 'binary-ascii' }), fc.string({ unit: 'binary' }));
    fc.assert(
      fc.property(anyString, (s) => percentEncode(s) === ref(s)),
      { numRuns: 1000 },
    );
  });
});

describe('canonicalQuery', () => {
  it('sorts names in UTF-8 byte order, not code-unit or locale order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ unit: 'binary' })), (names) => {
        const fields = Object.fromEntries(names.map((n) => [n, 'v']));
        const expected = [...names]
          .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
          .map((n) => `${percentEncode(n)}=v`)
          .join('&');
        expect(canonicalQuery(fields)).toBe(expected);
      }),
    );
    // U+FFFD (EF BF BD) sorts before an astral character (F0 …) though its code unit is larger.
    expect(canonicalQuery({ '😀': '1', '\uFFFD': '2', B: '3', a: '4' })).toBe('B=3&a=4&%EF%BF%BD=2&%F0%9F%98%80=1');
  });
});

describe('toWireFields', () => {
  it('stringifies scalars, JSON-encodes objects compactly, drops nullish', () => {
    expect(toWireFields({ s: 'x', n: 1.5, t: true, f: false, o: { a: [1, 'b'] }, a: [], z: null, u: undefined })).toEqual({
      s: 'x',
      n: '1.5',
      t: 'true',
      f: 'false',
      o: '{"a":[1,"b"]}',
      a: '[]',
    });
  });
});

describe('parseForm', () => {
  it('decodes + as space and %XX as UTF-8', () => {
    expect(parseForm('a=x+y%2By&%E5%82%A8=%F0%9F%98%80&empty=&bare')).toEqual({
      a: 'x y+y',
      储: '😀',
      empty: '',
      bare: '',
    });
    expect(parseForm('')).toEqual({});
  });
  it('rejects a repeated field', () => {
    expect(() => parseForm('a=1&b=2&a=3')).toThrow('duplicate field a');
    expect(() => parseForm('a%20b=1&a+b=2')).toThrow('duplicate field a b');
  });
  it('rejects malformed percent-encoding', () => {
    expect(() => parseForm('a=%E5%82')).toThrow(/malformed/);
  });
});

describe('buildSignedForm', () => {
  const base = {
    action: 'queryStationInfoById',
    accessKeyId: 'console',
    secret: 's3cret',
    hmac: nodeHmac('sha256'),
    now: () => new Date('2026-11-21T08:15:00.789Z'),
    nonce: () => 'nonce-1',
  };

  it('adds the envelope fields and a verifiable signature', async () => {
    const body = await buildSignedForm({ ...base, payload: { id: 42, tags: ['储能站'], gone: null } });
    const f = parseForm(body);
    expect(f).toMatchObject({
      action: 'queryStationInfoById',
      timestamp: '2026-11-21T08:15:00Z',
      signatureNonce: 'nonce-1',
      accessKeyId: 'console',
      signatureMethod: 'HMAC-SHA256',
      signatureVersion: '1.0',
      version: '1.0.0',
      id: '42',
      tags: '["储能站"]',
    });
    expect(Object.keys(f).sort()).toEqual([...SIGNATURE_FIELDS, 'id', 'tags'].sort());
    expect(signFieldsSync(f, 's3cret', nodeHmac('sha256'))).toBe(f.signature);
  });

  it('uses a random UUID nonce by default', async () => {
    const { nonce: _n, ...rest } = base;
    const a = parseForm(await buildSignedForm({ ...rest, payload: {} }));
    const b = parseForm(await buildSignedForm({ ...rest, payload: {} }));
    expect(a.signatureNonce).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.signatureNonce).not.toBe(b.signatureNonce);
  });

  it('refuses payload fields that shadow envelope fields', async () => {
    await expect(buildSignedForm({ ...base, payload: { signature: 'x' } })).rejects.toThrow(/collides/);
    await expect(buildSignedForm({ ...base, payload: { action: 'x' } })).rejects.toThrow(/collides/);
  });

  it('signs lone surrogates the way the server will decode them', async () => {
    const body = await buildSignedForm({ ...base, payload: { ['k\uDC00']: 'v\uD800' } });
    const f = parseForm(body);
    expect(f['k\uFFFD']).toBe('v\uFFFD');
    expect(signFieldsSync(f, 's3cret', nodeHmac('sha256'))).toBe(f.signature);
  });

  const envelope = new Set<string>(SIGNATURE_FIELDS);
  const payloadArb = fc.dictionary(
    fc.string({ unit: 'binary' }).filter((k) => !envelope.has(k)),
    fc.oneof(fc.string({ unit: 'binary' }), fc.jsonValue({ stringUnit: 'binary' })),
  );

  it('property: build → parse → recompute verifies; tampering any value breaks it', async () => {
    await fc.assert(
      fc.asyncProperty(payloadArb, fc.nat(), fc.nat(), async (payload, pick, at) => {
        const body = await buildSignedForm({ ...base, payload });
        expect(body).not.toContain('+');
        const f = parseForm(body);
        // Browsers and servers reading it as a normal form see the same fields.
        expect(f).toEqual(Object.fromEntries(new URLSearchParams(body)));
        const { signature, ...signed } = f;
        expect(signed).toMatchObject(toWireFields(payload));
        expect(signFieldsSync(f, 's3cret', nodeHmac('sha256'))).toBe(signature);

        const names = Object.keys(signed);
        const name = names[pick % names.length] as string;
        const chars = Array.from(signed[name] as string);
        if (chars.length === 0) chars.push('x');
        else chars[at % chars.length] = chars[at % chars.length] === 'a' ? 'b' : 'a';
        const tampered = { ...f, [name]: chars.join('') };
        expect(signFieldsSync(tampered, 's3cret', nodeHmac('sha256'))).not.toBe(signature);
      }),
      { numRuns: 300 },
    );
  });
});

describe('webCryptoHmacSha256', () => {
  it('equals node:crypto HMAC-SHA256', async () => {
    await fc.assert(
      // Non-empty key: Web Crypto rejects empty ones, and signing always appends '&'.
      fc.asyncProperty(fc.string({ unit: 'binary', minLength: 1 }), fc.string({ unit: 'binary' }), async (k, d) => {
        expect(await webCryptoHmacSha256(k, d)).toBe(nodeHmac('sha256')(k, d));
      }),
      { numRuns: 100 },
    );
    for (const secret of ['x', '']) {
      expect(await signFields({ a: '1' }, secret, webCryptoHmacSha256)).toBe(signFieldsSync({ a: '1' }, secret, nodeHmac('sha256')));
    }
  });
});
