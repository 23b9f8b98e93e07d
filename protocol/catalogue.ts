import type { z } from 'zod';
import type { ActionDef } from './action';
import { identityActions } from './actions/identity';
import { stationActions } from './actions/stations';
import { tariffActions } from './actions/tariffs';
import { priceFeedActions } from './actions/price-feeds';
import { strategyActions } from './actions/strategies';
import { strategyPredictActions } from './actions/strategy-predict';
import { peakDemandActions } from './actions/peak-demand';
import { alarmActions } from './actions/alarms';
import { alarmHandlingActions } from './actions/alarm-handling';
import { accountActions } from './actions/accounts';
import { telemetryActions } from './actions/telemetry';
import { reportActions } from './actions/reports';
import { reportScheduleActions } from './actions/report-schedules';
import { auditActions } from './actions/audit';
import { messageActions } from './actions/messages';
import { notificationActions } from './actions/notifications';
import { oncallActions } from './actions/oncall';
import { apiTokenActions } from './actions/api-tokens';

/** Every action of the platform, keyed by its wire name. */
export const catalogue = {
  ...identityActions,
  ...stationActions,
  ...tariffActions,
  ...priceFeedActions,
  ...strategyActions,
  ...strategyPredictActions,
  ...peakDemandActions,
  ...alarmActions,
  ...alarmHandlingActions,
  ...accountActions,
  ...telemetryActions,
  ...reportActions,
  ...reportScheduleActions,
  ...auditActions,
  ...messageActions,
  ...notificationActions,
  ...oncallActions,
  ...apiTokenActions,
} as const satisfies Record<string, ActionDef>;

export type Catalogue = typeof catalogue;
export type ActionName = keyof Catalogue;
export type RequestOf<A extends ActionName> = z.input<Catalogue[A]['request']>;
export type ResponseOf<A extends ActionName> = z.output<Catalogue[A]['response']>;
