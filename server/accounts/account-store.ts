// Storage rules of accounts: unique names, mobiles and e-mails, and the records that keep an
// account from being deleted. Writes run in one transaction together with their audit row;
// sessions are revoked or refreshed only after the commit (Sessions uses the pool, never the
// transaction).
import type { Db, Queryable } from '../db/db';
import { fail } from '../api/errors';
import { isUniqueViolation } from '../db/pg-errors';

export const UNIQUE_FIELDS = ['account', 'mobile', 'email'] as const;

/** Account name, mobile and e-mail are unique, compared case-insensitively as login compares them. */
export const assertUnique = async (q: Queryable, values: Partial<Record<(typeof UNIQUE_FIELDS)[number], string | null>>, exceptId = 0): Promise<void> => {
  for (const field of UNIQUE_FIELDS) {
    const v = values[field];
    if (!v) continue;
    const rows = await q.query(`SELECT 1 FROM accounts WHERE lower(${field}) = lower($1) AND id <> $2 LIMIT 1`, [v, exceptId]);
    if (rows.length > 0) fail('conflict', { field });
  }
};

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
  message?: string;
}

/** A unique violation that slipped past the checks (a concurrent insert) → conflict on its field. */
export const mapUnique = (e: unknown, fallback: string): never => {
  const pe = e as PgError;
  if (isUniqueViolation(e)) {
    const text = `${pe.detail ?? ''} ${pe.constraint ?? ''} ${pe.message ?? ''}`;
    const field = /\((mobile|email|account)\)|_(mobile|email|account)_key/.exec(text);
    fail('conflict', { field: field?.[1] ?? field?.[2] ?? fallback });
  }
  throw e;
};

export const blankToNull = (v: string | undefined): string | null | undefined => (v === undefined ? undefined : v === '' ? null : v);

/** Foreign keys into accounts that block a delete (not cascading, not nulling): who did what. */
export const blockingRefs = new WeakMap<Db, Promise<{ tbl: string; col: string }[]>>();
export const refsOf = (db: Db) => {
  let p = blockingRefs.get(db);
  if (!p) {
    p = db.query<{ tbl: string; col: string }>(
      `SELECT c.conrelid::regclass::text AS tbl, a.attname AS col
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       WHERE c.contype = 'f' AND c.confrelid = 'accounts'::regclass AND c.confdeltype NOT IN ('c', 'n', 'd')`,
    );
    blockingRefs.set(db, p);
    p.catch(() => blockingRefs.delete(db));
  }
  return p;
};

export const hasRecords = async (db: Db, accountId: number): Promise<boolean> => {
  for (const { tbl, col } of await refsOf(db)) {
    const rows = await db.query(`SELECT 1 FROM ${tbl} WHERE "${col.replace(/"/g, '""')}" = $1 LIMIT 1`, [accountId]);
    if (rows.length > 0) return true;
  }
  return false;
};
