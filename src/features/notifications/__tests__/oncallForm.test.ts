import { describe, expect, it } from 'vitest';
import { checkSchedule, emptySchedule, emptyTier, serverIssues, toRequest } from '../oncallForm';

const who = { accountIds: [7], roleIds: [] };
const tier = (after: number) => ({ ...emptyTier(after), shifts: [{ ...emptyTier(after).shifts[0]!, ...who }] });
const base = { ...emptySchedule(), name: 'Night watch', zone: 'Asia/Shanghai', tiers: [tier(0), tier(15)] };

describe('the on-call schedule form', () => {
  it('names the field of every bad input by the path the server uses', () => {
    const bad = structuredClone(base);
    bad.name = ' ';
    bad.zone = 'Mars/Olympus';
    bad.tiers[1]!.afterMinutes = '0';
    bad.tiers[1]!.channels = [];
    bad.tiers[0]!.shifts[0] = { days: [], from: '25:00', to: '08:00', accountIds: [], roleIds: [] };
    expect(checkSchedule(bad)).toEqual({
      name: 'notifications:oncall.issue.name',
      zone: 'notifications:issue.zone',
      'tiers.1.afterMinutes': 'notifications:oncall.issue.notIncreasing',
      'tiers.1.channels': 'notifications:issue.channels',
      'tiers.0.shifts.0.days': 'notifications:oncall.issue.days',
      'tiers.0.shifts.0.from': 'notifications:issue.quietTime',
      'tiers.0.shifts.0.accountIds': 'notifications:oncall.issue.nobody',
    });
    expect(checkSchedule({ ...base, tiers: [{ ...tier(0), afterMinutes: '1.5' }] })).toEqual({
      'tiers.0.afterMinutes': 'notifications:oncall.issue.afterMinutes',
    });
    expect(checkSchedule(base)).toEqual({});
  });

  it('sends whole minutes, and places the server refusals at their fields', () => {
    expect(toRequest(base, 4)).toMatchObject({ scheduleId: 4, name: 'Night watch', tiers: [{ afterMinutes: 0 }, { afterMinutes: 15 }] });
    // each refused path and issue, and the field and text the form shows it at
    const placed = [
      ['tiers.1.afterMinutes', 'notIncreasing', 'tiers.1.afterMinutes', 'notifications:oncall.issue.notIncreasing'],
      ['tiers.0.shifts.2.to', 'invalidFormat', 'tiers.0.shifts.2.to', 'notifications:issue.quietTime'],
      ['tiers.0.shifts.0.roleIds.1', 'notFound', 'tiers.0.shifts.0.accountIds', 'notifications:oncall.issue.unknown'],
      ['stationIds.3', 'notFound', 'stationIds', 'notifications:issue.stations'],
    ] as const;
    const refusal = { code: 'validationFailed', message: '', fields: placed.map(([path, issue]) => ({ path, issue })) };
    expect(serverIssues(refusal as never)).toEqual(Object.fromEntries(placed.map(([, , field, text]) => [field, text])));
  });
});
