import { afterAll, beforeAll } from 'vitest';
import type { TestServer } from './harness';

/**
 * The world of one describe block: a server started before its first case and closed after its
 * last, with what `setUp` makes on it (tokens, ids). Its fields are there once beforeAll has run,
 * so the cases read them as `w.name` and no suite restates their names and types in `let`s.
 */
export const serverWorld = <W extends object>(
  start: () => Promise<TestServer>,
  setUp: (s: TestServer) => Promise<W>,
  timeoutMs?: number,
): W & { s: TestServer } => {
  const w = {} as W & { s: TestServer };
  beforeAll(async () => {
    w.s = await start();
    Object.assign(w, await setUp(w.s));
  }, timeoutMs);
  afterAll(() => w.s?.close());
  return w;
};
