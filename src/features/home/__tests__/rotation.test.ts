import { describe, expect, it } from 'vitest';
import { nextRotation, rotationMs } from '../rotation';

const orgs = [
  { id: 2, name: 'Sunrise' },
  { id: 5, name: 'Harbour' },
  { id: 9, name: 'Delta' },
];

describe('wall rotation', () => {
  it('pages through the station cards first', () => {
    expect(nextRotation({ page: 0, pages: 3, orgs, currentOrgId: 2 })).toEqual({ page: 1, org: null });
    expect(nextRotation({ page: 1, pages: 3, orgs: [], currentOrgId: 2 })).toEqual({ page: 2, org: null });
  });
  it('after the last page moves a platform admin to the next provider, wrapping round', () => {
    expect(nextRotation({ page: 2, pages: 3, orgs, currentOrgId: 2 })).toEqual({ page: 0, org: orgs[1] });
    expect(nextRotation({ page: 0, pages: 1, orgs, currentOrgId: 9 })).toEqual({ page: 0, org: orgs[0] });
    // a current org not in the list (settling) starts at the first provider
    expect(nextRotation({ page: 0, pages: 1, orgs, currentOrgId: 1 })).toEqual({ page: 0, org: orgs[0] });
  });
  it('starts again at the first page for anyone with one provider', () => {
    expect(nextRotation({ page: 1, pages: 2, orgs: [], currentOrgId: 2 })).toEqual({ page: 0, org: null });
    expect(nextRotation({ page: 0, pages: 1, orgs: orgs.slice(0, 1), currentOrgId: 2 })).toEqual({ page: 0, org: null });
  });
  it('reads the period in seconds; off when absent, zero, negative or not a number', () => {
    expect(rotationMs('60')).toBe(60_000);
    expect(rotationMs('2.5')).toBe(2500);
    expect(rotationMs('0.1')).toBe(1000);
    for (const p of [null, '', '0', '-5', 'abc']) expect(rotationMs(p)).toBe(0);
  });
});
