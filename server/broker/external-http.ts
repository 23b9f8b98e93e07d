// External broker whose access the server answers over HTTP (MQTT_URL with MQTT_ACCESS=http:
// an EMQX cluster with the HTTP authenticator and authorizer pointing at /broker/auth and
// /broker/acl; docs/deploy.md). Logins live in PostgreSQL (`HookAccess`), so nothing is written
// into the broker and a broker that restarts empty needs nothing again. With EMQX_API_URL the
// open connections of a revoked session are closed through EMQX's REST API (emqx-api.ts).
import { connect, type MqttClient } from 'mqtt';
import type { Principal } from '../auth/scope';
import { pushTopics } from './access';
import { emqxKicker, type KickUsername } from './emqx-api';
import { connectIngest } from './external-connections';
import { sessionUsername } from './external-roles';
import { HookAccess } from './hook-access';
import type { BrokerDeps, GatewayConnector, GatewayListener, PushBroker } from './types';

type Log = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };

export class HookBroker implements PushBroker {
  readonly kind = 'external' as const;
  readonly access: HookAccess;
  private readonly client: MqttClient;
  private ingest: MqttClient | null = null;
  private readonly kick: KickUsername | null;
  private closing: Promise<void> | null = null;

  constructor(
    private readonly deps: BrokerDeps,
    private readonly log: Log,
  ) {
    this.access = new HookAccess(deps);
    const c = deps.config;
    // Not awaited: the broker authenticates this very login through the hooks, which this
    // replica answers only once it listens. mqtt.js keeps retrying until then.
    this.client = connect(c.mqttUrl!, {
      username: c.mqttAdminUser,
      password: c.mqttAdminPassword,
      clientId: `ems-server-${process.pid}-${Math.random().toString(36).slice(2, 10)}`,
      clean: true,
      reconnectPeriod: 1_000,
      reconnectOnConnackError: true,
    });
    this.client.on('error', (e) => log.warn({ err: e.message }, 'mqtt admin connection error'));
    this.kick = c.emqxApi ? emqxKicker({ ...c.emqxApi, log }) : null;
    if (!this.kick)
      log.warn({}, 'EMQX_API_URL is not set: a revoked session cannot connect again, but its MQTT connections already open stay until they reconnect');
    deps.sessions.on('revoked', this.onRevoked);
  }

  async publish(topic: string, payload: string): Promise<void> {
    await this.client.publishAsync(topic, payload, { qos: 1 });
  }

  async credentialsFor(principal: Principal, tokenHash: string, token: string) {
    const username = await this.access.issueConsole(principal, tokenHash);
    return { url: this.deps.config.mqttPublicWsUrl ?? '', username, password: token, topics: pushTopics(principal, this.deps.registry) };
  }

  async subscribeGateways(stationIds: readonly number[], onMessage: GatewayListener): Promise<void> {
    await this.access.issueGateways(stationIds);
    this.ingest ??= connectIngest(this.deps.config, onMessage, (o, m) => this.log.warn(o, m));
  }

  gatewayConnector(): GatewayConnector {
    return { kind: 'url', url: this.deps.config.mqttUrl! };
  }

  reachable = (): boolean => this.client.connected && (this.ingest?.connected ?? true);

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.deps.sessions.off('revoked', this.onRevoked);
      if (this.ingest) await this.ingest.endAsync(true).catch(() => undefined);
      await this.client.endAsync(true).catch(() => undefined);
    })();
    return this.closing;
  }

  // Every replica hears a revocation (docs/deploy.md): the first delete wins, the rest find
  // nothing, and a client kicked by one replica answers 404 to the others. The login goes first,
  // so a kicked console that reconnects at once is refused.
  private readonly onRevoked = (tokenHash: string): void => {
    if (this.closing) return;
    void this.access
      .revoke(tokenHash)
      .catch((e: unknown) => this.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'broker login revocation failed'))
      .then(() => this.kick?.(sessionUsername(tokenHash)));
  };
}
