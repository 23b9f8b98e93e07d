import { describe, expect, it } from 'vitest';
import { passwordClasses, passwordStrengthErrors, validateChangePassword, validateSubAccount } from '../validators';

const v = (over: Partial<{ current: string; next: string; confirm: string }> = {}) => ({ current: 'old', next: 'Abcdef12', confirm: 'Abcdef12', ...over });

describe('change-password rules (SPEC §5)', () => {
  it('requires the current password', () => {
    expect(validateChangePassword('current', v({ current: '' }))).toEqual(['auth:password.currentRequired']);
  });
  it('empty new password gives both required messages', () => {
    expect(validateChangePassword('next', v({ next: '' }))).toEqual(['auth:password.newRequired', 'auth:password.required']);
  });
  it('minimum 8, forbidden characters, 3 of 4 classes', () => {
    expect(passwordStrengthErrors('Ab1!')).toEqual(['auth:password.minLength']);
    for (const c of "<>')+/*") expect(passwordStrengthErrors(`Abcdefg1${c}`)).toContain('auth:password.forbidden');
    expect(passwordStrengthErrors('abcdefgh')).toEqual(['auth:password.classes']);
    expect(passwordStrengthErrors('abcdefg1')).toEqual(['auth:password.classes']);
    expect(passwordStrengthErrors('abcdef1!')).toEqual([]);
    expect(passwordStrengthErrors('Abcdefg1')).toEqual([]);
    expect(passwordClasses('Aa1!')).toBe(4);
  });
  it('confirmation required and equal', () => {
    expect(validateChangePassword('confirm', v({ confirm: '' }))).toEqual(['auth:password.confirmRequired']);
    expect(validateChangePassword('confirm', v({ confirm: 'x' }))).toEqual(['auth:password.confirmMismatch']);
    expect(validateChangePassword('confirm', v())).toEqual([]);
  });
});

describe('sub-account password rules (SPEC §5)', () => {
  const s = (over = {}) => ({ account: 'op1', password: 'p', confirm: 'p', ...over });
  it('requires account, password and confirm', () => {
    expect(validateSubAccount('account', s({ account: ' ' }))).toEqual(['auth:password.accountRequired']);
    expect(validateSubAccount('password', s({ password: '' }))).toEqual(['auth:password.required']);
    expect(validateSubAccount('confirm', s({ confirm: '' }))).toEqual(['auth:password.confirmRequired']);
  });
  it('mismatch message', () => {
    expect(validateSubAccount('confirm', s({ confirm: 'q' }))).toEqual(['auth:password.twoMismatch']);
  });
});
