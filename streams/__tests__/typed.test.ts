import { Subject, VirtualTimeScheduler } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { settledText, TYPING_SETTLE_MS } from '../typed';

describe('settled typed text', () => {
  it('asks once for a word typed letter by letter, trimmed, and not again for the same text', () => {
    const s = new VirtualTimeScheduler();
    const typed = new Subject<[string]>();
    const seen: string[][] = [];
    settledText(typed, s).subscribe((x) => seen.push([...x]));
    const at = (ms: number, v: string) => s.schedule(() => typed.next([v]), ms);
    at(0, 'i');
    at(100, 'in');
    at(200, 'inv ');
    at(200 + TYPING_SETTLE_MS + 50, 'inv');
    at(1000, 'pcs');
    s.flush();
    expect(seen).toEqual([['inv'], ['pcs']]);
  });
});
