// Actions that SPEC §7 names but protocol/catalogue.ts did not carry when the console was
// written. Once the catalogue has one, its types win (see `Req`/`Res` in client.ts) and the
// entry here is dead weight to delete.
import type { AlarmPush } from '../types';

export interface PendingActions {
  queryStationInfoById: { req: { stationId: number }; res: { stationName: string } };
  fuzzyAlarmRecord: {
    req: { alarmRecordVo: { alarmStatus?: number; orgId?: number; stationName?: string }; page: number; length: number };
    res: { totalCount: number; dataList: unknown[] };
  };
  queryAlarmsSince: { req: { afterId: number; orgId?: number }; res: { dataList: AlarmPush[] } };
}

/** SPEC §7 endpoint table for the pending actions. */
export const pendingEndpoints: Record<keyof PendingActions, string> = {
  queryStationInfoById: 'energystorage',
  fuzzyAlarmRecord: 'alarm',
  queryAlarmsSince: 'alarm',
};
