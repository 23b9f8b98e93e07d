import type { z } from 'zod';
import type { ActionDef, Endpoint } from './action';
import { identityActions } from './actions/identity';
import { stationActions } from './actions/stations';
import { tariffActions } from './actions/tariffs';
import { strategyActions } from './actions/strategies';
import { alarmActions } from './actions/alarms';
import { accountActions } from './actions/accounts';
import { telemetryActions } from './actions/telemetry';
import { reportActions } from './actions/reports';

/** Every action of the platform, keyed by its wire name. */
export const catalogue = {
  ...identityActions,
  ...stationActions,
  ...tariffActions,
  ...strategyActions,
  ...alarmActions,
  ...accountActions,
  ...telemetryActions,
  ...reportActions,
} as const satisfies Record<string, ActionDef>;

export type Catalogue = typeof catalogue;
export type ActionName = keyof Catalogue;
export type RequestOf<A extends ActionName> = z.input<Catalogue[A]['request']>;
export type ResponseOf<A extends ActionName> = z.output<Catalogue[A]['response']>;
export type EndpointOf<A extends ActionName> = Catalogue[A]['endpoint'];
export type { Endpoint };
