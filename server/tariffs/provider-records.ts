import { authed, type Ctx } from '../api/context';
import { conflict } from '../api/errors';
import type { Queryable } from '../db/db';
import type { Scope } from '../auth/scope';
import { isUniqueViolation } from '../db/pg-errors';
import { requireWholeProvider } from './store';

// Changes to a provider's own records (tariff templates, price feeds), which only a caller
// whose scope holds whole providers may make.

/** Runs `change` in one transaction for a caller with a whole provider's scope (forbidden otherwise). */
export const providerChange = <T>(ctx: Ctx, change: (t: Queryable, scope: Scope, me: ReturnType<typeof authed>['me']) => Promise<T>): Promise<T> => {
  const { me, scope } = authed(ctx);
  requireWholeProvider(scope);
  return ctx.services.db.tx((t) => change(t, scope, me));
};

/**
 * Runs the save of a provider's named record. The name check before it cannot see a writer
 * committing the same name meanwhile: the unique index can, and its violation answers conflict
 * duplicateName at `name` like the check would.
 */
export const withUniqueName = async <T>(save: () => Promise<T>): Promise<T> => {
  try {
    return await save();
  } catch (e) {
    if (isUniqueViolation(e)) conflict('duplicateName', { field: 'name' });
    throw e;
  }
};
