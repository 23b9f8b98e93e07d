import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { command, type CommandEvent } from '../command';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('command', () => {
  it('sends one request for a double trigger and reports pending then succeeded', async () => {
    const clicks = new Subject<number>();
    const answer = deferred<string>();
    const sent: number[] = [];
    const events: CommandEvent<number, string>[] = [];
    command(clicks, (id) => {
      sent.push(id);
      return answer.promise;
    }).subscribe((e) => events.push(e));
    clicks.next(5);
    clicks.next(5);
    answer.resolve('done');
    await tick();
    expect(sent).toEqual([5]);
    expect(events).toEqual([
      { type: 'pending', input: 5 },
      { type: 'succeeded', input: 5, output: 'done' },
    ]);
    // once settled, the next trigger runs again
    clicks.next(6);
    expect(sent).toEqual([5, 6]);
  });

  it('reports a failure with the server code and field errors', async () => {
    const clicks = new Subject<string>();
    const events: CommandEvent<string, never>[] = [];
    const fields = [{ path: 'name', issue: 'required' }];
    command(clicks, () => Promise.reject(Object.assign(new Error('3001'), { codeName: 'validationFailed', fields }))).subscribe((e) => events.push(e));
    clicks.next('save');
    await tick();
    expect(events.at(-1)).toEqual({ type: 'failed', input: 'save', error: { code: 'validationFailed', fields } });
  });

  it('keeps accepting triggers after a failure, and a network failure carries no code', async () => {
    const clicks = new Subject<number>();
    const events: CommandEvent<number, number>[] = [];
    let n = 0;
    command(clicks, (x) => (n++ === 0 ? Promise.reject(new Error('network')) : Promise.resolve(x * 2))).subscribe((e) => events.push(e));
    clicks.next(1);
    await tick();
    clicks.next(2);
    await tick();
    expect(events.map((e) => e.type)).toEqual(['pending', 'failed', 'pending', 'succeeded']);
    expect(events[1]).toEqual({ type: 'failed', input: 1, error: { code: undefined, fields: [] } });
  });
});
