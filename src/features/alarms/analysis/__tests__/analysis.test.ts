import { describe, expect, it } from 'vitest';
import { analysisWindow } from '../analysis';

describe('alarm analysis helpers', () => {
  it('a preset covers whole UTC days ending with today', () => {
    const now = Date.parse('2026-11-21T15:00:00+08:00'); // 07:00 UTC
    expect(analysisWindow(7, now)).toEqual({ from: '2026-11-15T00:00:00.000Z', to: '2026-11-22T00:00:00.000Z' });
  });
});
