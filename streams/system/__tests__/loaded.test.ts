// The one read helper every domain's reads use: a failed re-read keeps what the screen showed.
import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { loaded, type Loaded } from '../loaded';

describe('loaded', () => {
  it('keeps the last answer, flagged failed, when a later read fails; a good read clears the flag', async () => {
    const input$ = new BehaviorSubject<number | null>(1);
    const reload$ = new Subject<void>();
    let fail = false;
    const seen: Loaded<string>[] = [];
    const sub = loaded(input$, async (n) => (fail ? Promise.reject(new Error('down')) : `answer ${n}`), reload$).subscribe((v) => seen.push(v));
    await Promise.resolve();
    await Promise.resolve();
    expect(seen.at(-1)).toEqual({ data: 'answer 1', failed: false });
    fail = true;
    input$.next(2);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen.at(-1)).toEqual({ data: 'answer 1', failed: true });
    fail = false;
    reload$.next();
    await new Promise((r) => setTimeout(r, 0));
    expect(seen.at(-1)).toEqual({ data: 'answer 2', failed: false });
    expect(seen[0]).toEqual({ data: null, failed: false });
    sub.unsubscribe();
  });
});
