import type { Handlers } from '../api/context';
import { billList } from '../reports/bill';
import { billById, billedStation } from '../reports/station-bills';

// Monthly bills of a station (docs/reports.md): what server/money bills for its local days.

export const billsHandlers: Handlers = {
  queryBillList: async ({ stationId, year }, ctx) => ({
    dataList: await billList(ctx.services.db, billedStation(ctx, stationId), year, ctx.now.getTime()),
  }),
  queryBillDetail: ({ billId }, ctx) => billById(billId, ctx),
};
