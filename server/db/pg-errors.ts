// PostgreSQL's error codes that a handler turns into an answer the user can act on (both
// drivers, PGlite's and node-postgres's, put the SQLSTATE in `code`).
const codeOf = (e: unknown): unknown => (e as { code?: unknown } | null)?.code;

/** A unique index refused the row (a concurrent insert past the checks, a duplicate name). */
export const isUniqueViolation = (e: unknown): boolean => codeOf(e) === '23505';

/** A foreign key refused a delete: other rows still refer to the record. */
export const isStillReferenced = (e: unknown): boolean => codeOf(e) === '23503';
