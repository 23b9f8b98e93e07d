import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { md5 } from './md5';

const nodeMd5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

describe('md5', () => {
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    ['1234567890'.repeat(8), '57edf4a22be3c955ac49da2e2107b67a'],
  ])('RFC 1321: %j', (input, expected) => {
    expect(md5(input)).toBe(expected);
  });

  it('hashes non-ASCII text as UTF-8 bytes', () => {
    for (const s of ['储能站', '储能站管理员密码123', '😀', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64)]) {
      expect(md5(s)).toBe(nodeMd5(s));
    }
  });

  it('matches node:crypto for arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => md5(s) === nodeMd5(s)));
  });
});
