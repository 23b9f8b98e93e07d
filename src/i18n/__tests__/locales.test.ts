// The English texts SPEC fixes word for word, and a text for every protocol error code.
// (Both languages having the same keys is checked in tests/texts.test.ts.)
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';
import { loadFlat as load } from '../../../tests/catalogues';

describe('locales', () => {
  it('translates every protocol error code', () => {
    const en = load('en', 'common.json');
    for (const name of Object.keys(ErrorCode)) expect(en, name).toHaveProperty([`errors.${name}`]);
  });
  it('uses the exact SPEC texts in English', () => {
    const en = { ...load('en', 'common.json'), ...load('en', 'auth.json') };
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
