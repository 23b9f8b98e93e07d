// Fails when a key exists in one language and not the other, or a value is empty.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';

const root = new URL('../../../locales/', import.meta.url);
const flat = (o: unknown, prefix = ''): Record<string, string> =>
  Object.entries(o as Record<string, unknown>).reduce<Record<string, string>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(acc, flat(v, key));
    else acc[key] = String(v);
    return acc;
  }, {});
const load = (lng: string, file: string) => flat(JSON.parse(readFileSync(new URL(`${lng}/${file}`, root), 'utf8')));

describe('locales', () => {
  const files = readdirSync(new URL('en/', root)).filter((f) => f.endsWith('.json'));
  it('has the same files in en and zh', () => {
    expect(readdirSync(new URL('zh/', root)).filter((f) => f.endsWith('.json')).sort()).toEqual(files.sort());
  });
  for (const file of files) {
    it(`${file}: zh and en have identical keys and no empty values`, () => {
      const en = load('en', file);
      const zh = load('zh', file);
      expect(Object.keys(zh).filter((k) => !(k in en)), 'keys only in zh').toEqual([]);
      expect(Object.keys(en).filter((k) => !(k in zh)), 'keys missing in zh').toEqual([]);
      for (const [k, v] of [...Object.entries(en), ...Object.entries(zh)]) expect(v.trim(), k).not.toBe('');
    });
  }
  it('translates every protocol error code', () => {
    const en = load('en', 'common.json');
    for (const name of Object.keys(ErrorCode)) expect(en, name).toHaveProperty([`errors.${name}`]);
  });
  it('uses the exact SPEC texts in English', () => {
    const en = load('en', 'common.json');
    expect(en['page_NotFound']).toBe('Sorry, the page you are looking for does not exist');
    expect(en['app.loading']).toBe('Loading....');
    expect(en['password.forbidden']).toBe("Cannot contain <>')+/*");
    expect(en['password.minLength']).toBe('Password must be at least 8 characters:');
    expect(en['findPassword.mismatch']).toBe('Passwords do not match');
    expect(en['password.currentRequired']).toBe('Please enter your current password');
    expect(en['password.newRequired']).toBe('Please enter your new password');
    expect(en['password.required']).toBe('Please enter your password');
    expect(en['password.classes']).toBe('Must include at least three of the following: uppercase letters, lowercase letters, numbers, and special characters');
    expect(en['password.confirmRequired']).toBe('Please enter your confirm password');
    expect(en['password.confirmMismatch']).toBe('The confirmation password does not match the new password');
    expect(en['password.twoMismatch']).toBe('The two passwords you entered do not match!');
    expect(en['password.changeFailed']).toBe('Verification code reset failed:');
    expect(en['password.changeSucceeded']).toBe('Password reset successful');
    expect(en['login.succeeded']).toBe('Login succeeded');
    expect(en['login.failed']).toBe('Login failed, wrong username or password');
    expect(en['login.failedPhone']).toBe('Login failed, wrong phone verification code');
    expect(en['login.sendCodeFailed']).toBe('Failed to send verification code');
    expect(en['findPassword.resetFailed']).toBe('Failed to reset verification code');
    expect(en['findPassword.resetSucceeded']).toBe('Password reset successful');
  });
});
