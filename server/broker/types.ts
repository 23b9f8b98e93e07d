import type { Duplex } from 'node:stream';
import type { Principal } from '../auth/scope';
import type { Sessions } from '../auth/sessions';
import type { Config } from '../config';
import type { Db } from '../db/db';
import type { Registry } from '../registry';

/** What a broker is built from: sessions for console logins, the registry for topic scope. */
export interface BrokerDeps {
  config: Config;
  db: Db;
  registry: Registry;
  sessions: Sessions;
  /** ms since epoch */
  clock: () => number;
}

/** How a station gateway (simulated, in this process) reaches the broker. */
export type GatewayConnector = { kind: 'inproc'; handle: (stream: Duplex) => void } | { kind: 'url'; url: string };

/** A gateway message as it arrives: `ems/gw/<id>/<kind>` and its raw payload. */
export type GatewayListener = (topic: string, payload: Buffer | string) => void;

/** The push side as the rest of the server sees it; embedded Aedes or an external broker. */
export interface PushBroker {
  readonly kind: 'aedes' | 'external';
  /** Publishes a server message (alarms, telemetry fan-out, gateway commands); QoS 1. */
  publish(topic: string, payload: string): Promise<void>;
  /** MQTT credentials a signed-in console uses to connect (queryPushCredentials). */
  credentialsFor(principal: Principal, tokenHash: string, token: string): Promise<{ url: string; username: string; password: string; topics: string[] }>;
  /**
   * Delivers every telemetry, status and ack message of these stations' gateways to `onMessage`
   * (docs/fleet.md); resolves once the subscription stands. Delivery ends when the broker closes.
   */
  subscribeGateways(stationIds: readonly number[], onMessage: GatewayListener): Promise<void>;
  /** How a simulated gateway connects to this broker; null when none can. */
  gatewayConnector(): GatewayConnector | null;
  /** The broker answers now (readiness probe): always for the embedded one. */
  reachable(): boolean;
  close(): Promise<void>;
}
