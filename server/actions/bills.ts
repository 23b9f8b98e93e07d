import { authed, type Ctx, type Handlers } from '../api/context';
import { ActionError } from '../api/errors';
import { billDetailOf, billList, type BillDetail } from '../reports/bill';
import { requireStation } from './stations';

// Monthly bills of a station (docs/reports.md): what server/money bills for its local days.

const stationOf = (ctx: Ctx, stationId: number) => {
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
  const st = stationOf(ctx, Number(sid));
  const bill = await billDetailOf(ctx.services.db, st, `${y}-${m}`);
  if (!bill) throw new ActionError('notFound');
  return bill;
};

export const billsHandlers: Handlers = {
  queryBillList: async ({ stationId, year }, ctx) => ({
    dataList: await billList(ctx.services.db, stationOf(ctx, stationId), year, ctx.now.getTime()),
  }),
  queryBillDetail: ({ billId }, ctx) => billById(billId, ctx),
};
