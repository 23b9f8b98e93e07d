import { describe, expect, it } from 'vitest';
import { md5 } from '../../../../protocol/md5';
import { checkAccount, emptyAccount, newAccountOrg, toRequest } from '../accountForm';
import { fieldIssueKey, refusalKey } from '../refusal';

const filled = { ...emptyAccount(7), account: 'field.tech', roleId: 3, password: 'Strong@2026', confirm: 'Strong@2026' };

describe('account form', () => {
  it("starts a new account in the creator's own organisation, not in a customer of it", () => {
    const provider = [{ id: 2 }, { id: 11 }, { id: 12 }];
    expect(newAccountOrg(provider, 2)).toBe(2);
    // a platform user with a provider picked: the platform, not the provider
    expect(newAccountOrg([{ id: 1 }, { id: 2 }, { id: 11 }], 1)).toBe(1);
    expect(newAccountOrg([], 2)).toBeNull();
  });
  it('applies the SPEC §5 password rules and the confirmation on creation only', () => {
    expect(checkAccount({ ...filled, password: 'short', confirm: 'short' }, true).password).toBe('auth:password.minLength');
    expect(checkAccount({ ...filled, confirm: 'Strong@2027' }, true).confirm).toBe('auth:password.confirmMismatch');
    expect(checkAccount({ ...filled, password: '', confirm: '' }, false)).toEqual({});
  });

  it('asks for at least one station when the data permission is chosen stations', () => {
    expect(checkAccount({ ...filled, dataScope: 'stations' }, true).scopeStationIds).toBe('system:issue.tooSmall');
    expect(checkAccount({ ...filled, dataScope: 'stations', stationIds: new Set([4]) }, true)).toEqual({});
  });

  it('sends the password as MD5, omits empty contact fields on creation and clears them on edit', () => {
    const created = toRequest({ ...filled, dataScope: 'stations', stationIds: new Set([4, 9]) }, null);
    expect(created).toEqual({
      create: {
        orgId: 7,
        account: 'field.tech',
        password: md5('Strong@2026'),
        status: 1,
        contact: '',
        roleId: 3,
        dataScope: 'stations',
        scopeStationIds: [4, 9],
        notes: '',
      },
    });
    const edited = toRequest({ ...filled, stationIds: new Set([4]) }, 12);
    expect(edited).toEqual({ update: { userId: 12, contact: '', mobile: '', email: '', roleId: 3, dataScope: 'org', scopeStationIds: [], notes: '' } });
  });

  it("says the server's reason for a refusal and puts field issues at their field", () => {
    expect(refusalKey({ code: 'conflict', fields: [], reason: 'self' })).toBe('system:refused.self');
    expect(refusalKey({ code: 'conflict', fields: [] })).toBe('system:refused.taken');
    const e = { code: 'validationFailed' as const, fields: [{ path: 'scopeStationIds.1', issue: 'stationScope' }] };
    expect(fieldIssueKey(e, 'scopeStationIds')).toBe('system:issue.stationScope');
    expect(fieldIssueKey(e, 'roleId')).toBeNull();
  });
});
