// The pieces a list query builds from a request: a WHERE clause with numbered parameters, LIKE
// patterns that match the user's text literally, and the offset of a page.

/** `%`, `_` and `\` match themselves in a LIKE / ILIKE pattern. */
export const likeEscape = (s: string): string => s.replace(/[\\%_]/g, '\\$&');

/** A LIKE pattern for values that contain `s`. */
export const containing = (s: string): string => `%${likeEscape(s)}%`;

/** A WHERE clause with its parameters; `p(v)` appends one and names it (`$n`). */
export class Where {
  readonly conds: string[] = [];
  readonly vals: unknown[] = [];
  p(v: unknown): string {
    this.vals.push(v);
    return `$${this.vals.length}`;
  }
  add(cond: string): this {
    this.conds.push(cond);
    return this;
  }
  get sql(): string {
    return this.conds.length ? `WHERE ${this.conds.join(' AND ')}` : '';
  }
}

/** Rows before a page (pages count from 1). */
export const offsetOf = (page: number, length: number): number => (page - 1) * length;
