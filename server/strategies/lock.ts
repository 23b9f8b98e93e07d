import type { Queryable } from '../db/db';
import { authed, type Ctx } from '../api/context';
import { ActionError } from '../api/errors';
import { strategySql, toStrategy, type Strategy, type StrategyRow } from './records';

/** A live (not deleted) strategy in the caller's scope, locked for the transaction; else notFound. */
export const lockStrategy = async (db: Queryable, ctx: Ctx, strategyId: number): Promise<Strategy> => {
  const { scope } = authed(ctx);
  const [row] = await db.query<StrategyRow>(`${strategySql} WHERE id=$1 AND deleted_at IS NULL FOR UPDATE`, [strategyId]);
  if (!row || !scope.hasStation(row.stationId)) throw new ActionError('notFound');
  return toStrategy(row);
};
