import type { Queryable } from '../db/db';

/**
 * A query layer whose connection drops after the commit: statements matching `when` run and
 * commit, then the caller gets an error instead of the answer, `times` times in all. This is
 * the failure a blind retry turns into a double write.
 */
export function answerLostAfterCommit(db: Queryable, when: RegExp, times = 1): Queryable & { lost: number } {
  const q = {
    lost: 0,
    query: async <T>(sql: string, params?: readonly unknown[]): Promise<T[]> => {
      const rows = await db.query<T>(sql, params);
      if (q.lost < times && when.test(sql)) {
        q.lost++;
        throw new Error('Connection terminated unexpectedly');
      }
      return rows;
    },
  };
  return q;
}
