import { describe, expect, it } from 'vitest';
import { analysisWindow, perDayByCategory, topRules } from '../analysis';

const rec = (happenTime: string, alarmCategory: string, alarmRuleCode: string) => ({ happenTime, alarmCategory, alarmRuleCode, alarmRuleName: `${alarmRuleCode} name` });

describe('alarm analysis helpers', () => {
  it('a preset covers whole UTC days ending with today', () => {
    const now = Date.parse('2026-11-21T15:00:00+08:00'); // 07:00 UTC
    expect(analysisWindow(7, now)).toEqual({ from: '2026-11-15T00:00:00.000Z', to: '2026-11-22T00:00:00.000Z' });
  });
  it('counts per UTC day and category', () => {
    const m = perDayByCategory([rec('2026-11-20T23:30:00Z', 'fault', 'a'), rec('2026-11-21T00:10:00+08:00', 'event', 'b'), rec('2026-11-21T01:00:00Z', 'fault', 'a')]);
    expect(m.get('2026-11-20')).toEqual({ fault: 1, protection: 0, alarm: 0, event: 1 });
    expect(m.get('2026-11-21')).toEqual({ fault: 1, protection: 0, alarm: 0, event: 0 });
  });
  it('ranks rules by count, ties by code', () => {
    const r = topRules([rec('2026-11-20T00:00:00Z', 'fault', 'b'), rec('2026-11-20T00:00:00Z', 'fault', 'a'), rec('2026-11-20T00:00:00Z', 'fault', 'c'), rec('2026-11-20T00:00:00Z', 'fault', 'c')], 2);
    expect(r).toEqual([{ code: 'c', name: 'c name', count: 2 }, { code: 'a', name: 'a name', count: 1 }]);
  });
});
