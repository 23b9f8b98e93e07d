import { describe, expect, it } from 'vitest';
import { matchStation, NO_FILTER } from '../stations';
import { scopeCode, scopeOrgId } from '../scope';
import { initialState } from '../../state';
import { stationSummary } from '../../__tests__/fixtures';

const st = stationSummary;

describe('station list filter', () => {
  it('matches every field the issue lists', () => {
    const s = st({});
    expect(matchStation(s, NO_FILTER)).toBe(true);
    expect(matchStation(s, { ...NO_FILTER, systemType: 2 })).toBe(false);
    expect(matchStation(s, { ...NO_FILTER, energyType: 'ess' })).toBe(true);
    expect(matchStation(s, { ...NO_FILTER, energyType: 'dg' })).toBe(false);
    expect(matchStation(s, { ...NO_FILTER, online: false })).toBe(false);
    expect(matchStation(s, { ...NO_FILTER, status: 0 })).toBe(true);
    expect(matchStation(s, { ...NO_FILTER, keyword: 'jiangsu' })).toBe(true);
    expect(matchStation(s, { ...NO_FILTER, keyword: 'zzz' })).toBe(false);
  });
});

describe('scopeOrgId', () => {
  const base = initialState();
  const profile = { platform: '', name: '', account: '', orgLogoUrl: null, orgType: 1, orgId: 1, orgName: '', userId: 1, roleName: '', permissions: [] };
  it('sends no org for the root org and for non-root users', () => {
    expect(scopeOrgId({ ...base, session: { ...base.session, profile, currentOrg: { id: 1, name: 'root' } } })).toBeUndefined();
    expect(scopeOrgId({ ...base, session: { ...base.session, profile: { ...profile, orgType: 2 }, currentOrg: { id: 5, name: 'p' } } })).toBeUndefined();
  });
  it("waits for a root user's org list before reading", () => {
    expect(scopeCode({ ...base, session: { ...base.session, profile, currentOrg: { id: 1, name: 'root' } } })).toBe(-1);
    const orgs = { ids: [5], byId: { 5: { id: 5, name: 'p' } } };
    expect(scopeCode({ ...base, session: { ...base.session, profile, orgs, currentOrg: { id: 5, name: 'p' } } })).toBe(5);
    // the list is in but the first provider not yet picked: still settling
    expect(scopeCode({ ...base, session: { ...base.session, profile, orgs, currentOrg: { id: 1, name: 'root' } } })).toBe(-1);
    expect(scopeCode({ ...base, session: { ...base.session, profile: { ...profile, orgType: 2 }, currentOrg: { id: 5, name: 'p' } } })).toBe(0);
  });
  it('sends the selected provider for a root user', () => {
    expect(scopeOrgId({ ...base, session: { ...base.session, profile, currentOrg: { id: 5, name: 'p' } } })).toBe(5);
  });
});
