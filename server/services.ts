import type { Config } from './config';
import type { Db } from './db/db';
import type { Registry } from './registry';
import type { Sessions } from './auth/sessions';
import type { NonceStore } from './api/nonces';
import type { Outbox } from './auth/outbox';
import type { PushBroker } from './broker/types';
import type { StationCache } from './cache';
import type { FleetRuntime } from './fleet/runtime';
import type { ExportJobs } from './reports/jobs';
import type { Notifications } from './notifications/service';
import type { ApiTokenAuthoriser } from './tokens/use';

/** Everything an action's handler may use (`ctx.services`); app.ts builds it last, from parts already built. */
export interface Services {
  config: Config;
  db: Db;
  registry: Registry;
  sessions: Sessions;
  /** API tokens for integrations: one call's authorisation, rate limit and audit (tokens/use.ts) */
  apiTokens: ApiTokenAuthoriser;
  /** signed-request nonces: in memory (embedded), in PostgreSQL when replicas share it */
  nonces: NonceStore;
  outbox: Outbox;
  /** export jobs and their files, in the database so any replica answers them */
  exportJobs: ExportJobs;
  /** alarm notifications: rules, outbox, channels (docs/notifications.md) */
  notifications: Notifications;
  broker: PushBroker;
  /** cached station answers; see cache.ts for when entries drop */
  stationCache: StationCache<unknown>;
  /** access key id → secret */
  accessKeys: Map<string, string>;
  /** ms since epoch; injectable for tests */
  clock: () => number;
  /** live fleet state, once the simulator/ingest runs; absent = derive from records */
  live?: LiveState;
  /** telemetry store, gateway commands and the simulator (docs/fleet.md) */
  fleet?: FleetRuntime;
  /** check every answer against the catalogue (tests, development) */
  validateResponses: boolean;
}

/** What the telemetry side knows that the records do not. */
export interface LiveState {
  /** undefined when unknown */
  stationOnline(stationId: number): boolean | undefined;
}
