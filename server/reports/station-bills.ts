import { authed, type Ctx } from '../api/context';
import { ActionError } from '../api/errors';
import { requireStation } from '../stations/scope';
import { billDetailOf, type BillDetail } from './bill';

/** A station in scope with its billing currency, or notFound. */
export const billedStation = (ctx: Ctx, stationId: number) => {
  requireStation(authed(ctx).scope, stationId);
  const st = ctx.services.registry.stations.get(stationId);
  if (!st) throw new ActionError('notFound');
  return { ...st, currency: ctx.services.registry.currencyOfStation(stationId) };
};

/** A bill id `<stationId>-<YYYY>-<MM>` of a station in scope, priced; notFound when it has no metered day. */
export const billById = async (billId: string, ctx: Ctx): Promise<BillDetail> => {
  const [sid, y, m] = billId.split('-');
  const month = Number(m);
  if (month < 1 || month > 12) throw new ActionError('notFound');
  const st = billedStation(ctx, Number(sid));
  const bill = await billDetailOf(ctx.services.db, st, `${y}-${m}`, ctx.now.getTime());
  if (!bill) throw new ActionError('notFound');
  return bill;
};
