// Embedded push broker: Aedes over WebSocket on the server's own HTTP port, path /mqtt.
// CONNECT password = console session token; subscriptions limited to the caller's org trees,
// or (station-scoped accounts) exactly the alarm topics of its stations;
// browsers never publish; logout, disable or expiry closes the connection. docs/broker.md.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import { WebSocketServer } from 'ws';
import { mqttStreamOf } from './ws-stream';
import type { Principal } from '../auth/scope';
import { livePrincipal, maySubscribe, pushFilters, pushTopics } from './access';
import { gatewayLogin, gatewayMayPublish, gatewayMaySubscribe, isGatewayUsername } from '../fleet/gateway-auth';
import type { BrokerDeps, GatewayConnector, GatewayListener, PushBroker } from './types';

export const MQTT_WS_PATH = '/mqtt';
/** Accepted WebSocket subprotocols (mqtt.js: 'mqtt' for 3.1.1, 'mqttv3.1' for 3.1). */
const SUBPROTOCOLS = ['mqtt', 'mqttv3.1'];
/** Browsers only receive; a CONNECT or SUBSCRIBE never comes near this. */
const MAX_FRAME_BYTES = 64 * 1024;
/** One console tab holds one connection; a few tabs share a token. */
const MAX_CONNECTIONS_PER_SESSION = 16;

// AuthErrorCode is a const enum in aedes' types; spelled out to stay isolatedModules-safe.
const RC_IDENTIFIER_REJECTED = 2;
const RC_BAD_USERNAME_OR_PASSWORD = 4;
const RC_NOT_AUTHORIZED = 5;

const authError = (returnCode: number, message: string): AuthenticateError => Object.assign(new Error(message), { returnCode }) as AuthenticateError;

interface Conn {
  client: Client;
  tokenHash: string;
  /** topic filters this connection may subscribe within (`pushFilters`, recomputed by `sweep`) */
  allowed: string[];
  /** filters granted so far, re-checked when the scope changes */
  granted: Set<string>;
}

export interface EmbeddedOptions {
  /** how often live connections are re-checked against their sessions; 0 = never */
  sweepMs?: number;
}

export class EmbeddedBroker implements PushBroker {
  readonly kind = 'aedes' as const;
  private readonly conns = new Map<Client, Conn>();
  private readonly byToken = new Map<string, Set<Conn>>();
  /** station gateways (docs/fleet.md): client → station id */
  private readonly gateways = new Map<Client, number>();
  private readonly wss: WebSocketServer;
  private readonly timer: NodeJS.Timeout | null;
  private closing: Promise<void> | null = null;

  private constructor(
    private readonly app: FastifyInstance,
    private readonly deps: BrokerDeps,
    readonly aedes: Aedes,
    opts: EmbeddedOptions,
  ) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: MAX_FRAME_BYTES,
      perMessageDeflate: false,
      handleProtocols: (offered) => SUBPROTOCOLS.find((p) => offered.has(p)) ?? false,
    });
    app.server.on('upgrade', this.onUpgrade);
    deps.sessions.on('revoked', this.onRevoked);
    aedes.on('clientDisconnect', (c) => {
      this.forget(c);
      this.gateways.delete(c);
    });
    aedes.on('clientError', (c, err) => app.log.debug({ clientId: c.id, err: err.message }, 'mqtt client error'));
    const sweepMs = opts.sweepMs ?? 60_000;
    this.timer = sweepMs > 0 ? setInterval(() => void this.sweep().catch((e) => app.log.warn({ err: e }, 'mqtt sweep failed')), sweepMs) : null;
    this.timer?.unref();
    // Close browser connections before Fastify closes the HTTP server, which would otherwise
    // wait for the upgraded sockets.
    app.addHook('preClose', async () => this.close());
  }

  static async create(app: FastifyInstance, deps: BrokerDeps, opts: EmbeddedOptions = {}): Promise<EmbeddedBroker> {
    let self: EmbeddedBroker | null = null;
    const aedes = await Aedes.createBroker({
      connectTimeout: 10_000,
      drainTimeout: 30_000,
      maxClientsIdLength: 128,
      maxTopicLevels: 16,
      authenticate: (client, username, password, done) => {
        if (!self) return done(authError(RC_NOT_AUTHORIZED, 'broker starting'), null);
        self.authenticate(client, username, password).then(
          () => done(null, true),
          (e: unknown) => done(e instanceof Error && 'returnCode' in e ? (e as AuthenticateError) : authError(RC_NOT_AUTHORIZED, String(e)), null),
        );
      },
      authorizeSubscribe: (client, sub, done) => {
        // A negated subscription (null) answers SUBACK 0x80 for that filter; an error would
        // drop the whole connection instead.
        const gw = client ? self?.gateways.get(client) : undefined;
        if (gw !== undefined) return done(null, gatewayMaySubscribe(gw, sub.topic) ? sub : null);
        done(null, self?.mayRead(client, sub.topic) ? sub : null);
      },
      // Browsers never publish; only the server does (aedes.publish bypasses this hook), and a
      // station gateway on its own topics. Refusing closes the offending connection.
      authorizePublish: (client, packet, done) => {
        const gw = client ? self?.gateways.get(client) : undefined;
        done(gw !== undefined && gatewayMayPublish(gw, packet.topic) ? null : new Error(`publishing is not allowed (${packet.topic})`));
      },
    });
    self = new EmbeddedBroker(app, deps, aedes, opts);
    return self;
  }

  async publish(topic: string, payload: string): Promise<void> {
    const packet: PublishPacket = { cmd: 'publish', topic, payload: Buffer.from(payload, 'utf8'), qos: 1, retain: false, dup: false };
    await new Promise<void>((resolve, reject) => this.aedes.publish(packet, (err) => (err ? reject(err) : resolve())));
  }

  async credentialsFor(principal: Principal, _tokenHash: string, token: string) {
    return {
      // relative: the console resolves it against its own origin (ws:// or wss://host/mqtt)
      url: MQTT_WS_PATH,
      username: principal.account,
      password: token,
      topics: pushTopics(principal, this.deps.registry),
    };
  }

  /** The server subscribes inside Aedes: gateway messages never leave the process. */
  async subscribeGateways(_stationIds: readonly number[], onMessage: GatewayListener): Promise<void> {
    for (const kind of ['telemetry', 'status', 'ack'])
      await new Promise<void>((r) =>
        this.aedes.subscribe(
          `ems/gw/+/${kind}`,
          (packet, cb) => {
            onMessage(packet.topic, packet.payload);
            cb();
          },
          () => r(),
        ),
      );
  }

  /** Simulated gateways connect in-process through the broker's normal authentication. */
  reachable(): boolean {
    return true;
  }

  gatewayConnector(): GatewayConnector {
    return { kind: 'inproc', handle: (stream) => this.aedes.handle(stream as never) };
  }

  /** Connections currently open for a session (tests, diagnostics). */
  connectionCount(tokenHash?: string): number {
    return tokenHash === undefined ? this.conns.size : (this.byToken.get(tokenHash)?.size ?? 0);
  }

  /**
   * Re-checks every connection: sessions that expired (idle or absolute) or whose account was
   * disabled are closed; connections holding a subscription their current scope no longer
   * allows are closed too (the console reconnects with fresh credentials).
   */
  async sweep(): Promise<void> {
    for (const [tokenHash, set] of [...this.byToken]) {
      const p = await livePrincipal(this.deps, tokenHash);
      if (!p) {
        this.closeToken(tokenHash, 'session ended');
        continue;
      }
      // org trees, or the station list of a station-scoped account: a station dropped from
      // the list closes connections subscribed to its topic
      const allowed = pushFilters(p, this.deps.registry);
      for (const c of set) {
        c.allowed = allowed;
        if ([...c.granted].some((f) => !maySubscribe(f, allowed))) this.closeConn(c, 'scope changed');
      }
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.timer) clearInterval(this.timer);
      this.deps.sessions.off('revoked', this.onRevoked);
      this.app.server.off('upgrade', this.onUpgrade);
      for (const ws of this.wss.clients) ws.terminate();
      await new Promise<void>((r) => this.aedes.close(() => r()));
      await new Promise<void>((r) => this.wss.close(() => r()));
      this.conns.clear();
      this.byToken.clear();
    })();
    return this.closing;
  }

  // --- internals -----------------------------------------------------------------------

  private async authenticate(client: Client, username: string | undefined, password: Buffer | undefined): Promise<void> {
    if (isGatewayUsername(username)) {
      const stationId = this.deps.config.gatewaySecret ? gatewayLogin(this.deps.config.gatewaySecret, username, password) : null;
      if (stationId === null || !this.deps.registry.stations.has(stationId)) throw authError(RC_BAD_USERNAME_OR_PASSWORD, 'bad gateway credentials');
      this.gateways.set(client, stationId);
      return;
    }
    if (!password || password.length === 0) throw authError(RC_BAD_USERNAME_OR_PASSWORD, 'session token required');
    // Persistent sessions would keep queued messages under a client id another session could
    // later claim; the console always connects clean.
    if (!client.clean) throw authError(RC_IDENTIFIER_REJECTED, 'only clean sessions are accepted');
    const s = await this.deps.sessions.resolve(password.toString('utf8'));
    if (!s) throw authError(RC_BAD_USERNAME_OR_PASSWORD, 'invalid or expired session token');
    // A client id in use by another session cannot be taken over (it would kick that client).
    for (const c of this.conns.values())
      if (c.client.id === client.id && c.tokenHash !== s.tokenHash && !c.client.closed) throw authError(RC_IDENTIFIER_REJECTED, 'client id in use');
    const set = this.byToken.get(s.tokenHash) ?? new Set<Conn>();
    if (set.size >= MAX_CONNECTIONS_PER_SESSION) throw authError(RC_NOT_AUTHORIZED, 'too many connections for this session');
    if (client.closed) return;
    const conn: Conn = { client, tokenHash: s.tokenHash, allowed: pushFilters(s.principal, this.deps.registry), granted: new Set() };
    this.conns.set(client, conn);
    set.add(conn);
    this.byToken.set(s.tokenHash, set);
    client.conn.once('close', () => this.forget(client));
  }

  private mayRead(client: Client, filter: string): boolean {
    const c = this.conns.get(client);
    if (!c || !maySubscribe(filter, c.allowed)) return false;
    c.granted.add(filter);
    return true;
  }

  private forget(client: Client): void {
    const c = this.conns.get(client);
    if (!c) return;
    this.conns.delete(client);
    const set = this.byToken.get(c.tokenHash);
    set?.delete(c);
    if (set && set.size === 0) this.byToken.delete(c.tokenHash);
  }

  private closeConn(c: Conn, why: string): void {
    this.app.log.info({ clientId: c.client.id, why }, 'closing mqtt connection');
    this.forget(c.client);
    c.client.close();
  }

  private closeToken(tokenHash: string, why: string): void {
    for (const c of [...(this.byToken.get(tokenHash) ?? [])]) this.closeConn(c, why);
  }

  private readonly onRevoked = (tokenHash: string): void => this.closeToken(tokenHash, 'session revoked');

  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== MQTT_WS_PATH) {
      // not ours; if nobody else handles upgrades, do not leave the socket hanging
      if (this.app.server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    if (this.closing) {
      socket.destroy();
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const stream = mqttStreamOf(ws);
      stream.on('error', () => undefined); // aedes reports client errors itself
      this.aedes.handle(stream, req);
    });
  };
}
