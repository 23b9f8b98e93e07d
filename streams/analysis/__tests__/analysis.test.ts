import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Api } from '../../api/client';
import { analysis$, analysisQuery, type AnalysisQuery, type AnalysisView } from '../analysis';
import { analysisRequest, customRangeValid, defaultForm, today, type AnalysisForm } from '../form';

const tick = () => new Promise((r) => setTimeout(r, 0));
type Answer = { stations: { stationId: number; stationName: string }[]; tag: string };

/** Answers the test settles by hand, in any order. */
function fakeApi() {
  const sent: Array<{ payload: Record<string, unknown>; answer: (a: Answer) => void; fail: () => void }> = [];
  const api = {
    call: (_action: string, payload: Record<string, unknown>) =>
      new Promise((resolve, reject) => sent.push({ payload, answer: resolve, fail: () => reject(new Error('500')) })),
  } as unknown as Api;
  return { api, sent };
}
const form = (over: Partial<AnalysisForm> = {}): AnalysisForm => ({
  stationId: null,
  period: 'month',
  date: '2026-11-23',
  to: '2026-11-23',
  compare: 'none',
  ...over,
});
const st = (id: number, name: string) => ({ stationId: id, stationName: name });

describe('analysis request', () => {
  it('sends the provider, the station and the range the form holds, and nothing while the scope settles', () => {
    expect(analysisQuery(-1, form())).toBeNull();
    expect(analysisRequest(0, form())).toEqual({ period: 'month', date: '2026-11-23', compare: 'none' });
    expect(analysisRequest(7, form({ stationId: 3, compare: 'lastYear' }))).toEqual({
      orgId: 7,
      stationId: 3,
      period: 'month',
      date: '2026-11-23',
      compare: 'lastYear',
    });
    expect(analysisRequest(7, form({ period: 'custom', date: '2026-01-01', to: '2026-01-31' }))).toMatchObject({ period: 'custom', to: '2026-01-31' });
  });

  it('refuses a reversed or over-long custom range', () => {
    expect(analysisRequest(7, form({ period: 'custom', date: '2026-02-01', to: '2026-01-31' }))).toBeNull();
    expect(customRangeValid('2025-01-01', '2026-01-01')).toBe(true); // 366 days
    expect(customRangeValid('2025-01-01', '2026-01-02')).toBe(false);
  });

  it("defaults to this month on the viewer's calendar date", () => {
    const now = Date.UTC(2026, 10, 23, 20, 0);
    expect(today(now, -480)).toBe('2026-11-24'); // 04:00 next day in UTC+8
    expect(today(now, 300)).toBe('2026-11-23');
    expect(defaultForm(now).period).toBe('month');
  });
});

describe('analysis$', () => {
  it("shows the latest form's answer and keeps the provider's stations to pick from after narrowing to one", async () => {
    const { api, sent } = fakeApi();
    const q$ = new BehaviorSubject<AnalysisQuery | null>(analysisQuery(7, form()));
    const seen: AnalysisView<Answer>[] = [];
    analysis$({ api }, 'queryPvAnalysis', q$).subscribe((v) => seen.push(v as unknown as AnalysisView<Answer>));
    sent[0]!.answer({ stations: [st(2, 'B'), st(1, 'A')], tag: 'all' });
    await tick();
    expect(seen.at(-1)!.options.list.map((s) => s.stationName)).toEqual(['A', 'B']);

    q$.next(analysisQuery(7, form({ stationId: 1 })));
    q$.next(analysisQuery(7, form({ stationId: 2 })));
    expect(seen.at(-1)!.loading).toBe(true);
    sent[2]!.answer({ stations: [st(2, 'B')], tag: 'two' });
    await tick();
    sent[1]!.answer({ stations: [st(1, 'A')], tag: 'one' });
    await tick();
    const last = seen.at(-1)!;
    expect(last.data?.tag).toBe('two');
    expect(last.shown).toMatchObject({ stationId: 2 });
    expect(last.options.list).toHaveLength(2);
  });

  it('keeps the last answer and says so when a read fails', async () => {
    const { api, sent } = fakeApi();
    const q$ = new BehaviorSubject<AnalysisQuery | null>(analysisQuery(7, form()));
    const seen: AnalysisView<Answer>[] = [];
    analysis$({ api }, 'queryEssAnalysis', q$).subscribe((v) => seen.push(v as unknown as AnalysisView<Answer>));
    sent[0]!.answer({ stations: [], tag: 'month' });
    await tick();
    q$.next(analysisQuery(7, form({ period: 'year' })));
    sent[1]!.fail();
    await tick();
    expect(seen.at(-1)).toMatchObject({ failed: true, loading: false, data: { tag: 'month' } });
  });
});
