import type { GatewayReason } from '../../protocol/codes';
import { Duplex } from 'node:stream';
import { MqttClient, connect, type IClientOptions } from 'mqtt';
import { gatewayCommand, gatewayUsername, gwTopic, type GatewayAck, type GatewayCommand, type TelemetryFrame } from '../../protocol/fleet';
import { islandParams, peakShavingParams } from '../../protocol/actions/strategies';
import type { GatewayConnector } from '../broker/types';
import { rand } from './noise';
import type { IslandParams, PeakShavingParams, StationModel } from './station';

// A simulated site gateway (docs/fleet.md): runs its station's model, publishes one telemetry
// frame per cycle on ems/gw/<id>/telemetry, keeps a retained status (the broker's last will
// marks it offline), applies commands from ems/gw/<id>/cmd and acknowledges each on
// ems/gw/<id>/ack. A share of commands (`failureRate`, decided by a hash of the station and the
// command count, so runs repeat) is refused; while the gateway is in one of its offline windows
// it neither reports nor answers, and the platform times the command out.

/** In-memory duplex pair: two streams, each one's writes are the other's reads. */
export const duplexPair = (): [Duplex, Duplex] => {
  const make = (): Duplex & { peer?: Duplex } =>
    new Duplex({
      read() {},
      write(chunk, _enc, cb) {
        (this as Duplex & { peer: Duplex }).peer.push(chunk);
        cb();
      },
      final(cb) {
        (this as Duplex & { peer: Duplex }).peer.push(null);
        cb();
      },
      destroy(err, cb) {
        // one end torn down (e.g. the broker closing a client): the other sees the connection end
        const peer = (this as Duplex & { peer: Duplex }).peer;
        if (!peer.destroyed) peer.destroy();
        cb(err);
      },
    });
  const a = make();
  const b = make();
  a.peer = b;
  b.peer = a;
  return [a, b];
};

/** How a gateway reaches the broker (the broker says: `PushBroker.gatewayConnector`). */
export type Connector = GatewayConnector;

export const connectGateway = (stationId: number, password: string, via: Connector, extra: Partial<IClientOptions> = {}): MqttClient => {
  const opts: IClientOptions = {
    clientId: `${gatewayUsername(stationId)}-${Math.random().toString(36).slice(2, 8)}`,
    username: gatewayUsername(stationId),
    password,
    clean: true,
    keepalive: 60,
    reconnectPeriod: 2000,
    // a refused login is retried too: a broker restarted empty gets the logins back from the server
    reconnectOnConnackError: true,
    protocolVersion: 4,
    will: { topic: gwTopic(stationId, 'status'), payload: Buffer.from(JSON.stringify({ online: false, ts: 0 })), qos: 1, retain: true },
    ...extra,
  };
  if (via.kind === 'url') return connect(via.url, opts);
  return new MqttClient(() => {
    const [client, server] = duplexPair();
    via.handle(server);
    return client as never;
  }, opts);
};

export interface GatewayOptions {
  failureRate: number;
  /** ms between receiving a command and acknowledging it (the site applying it) */
  ackDelayMs: number;
  firmware?: string;
}

export class SimGateway {
  private seq = 0;
  private last: number | null = null;
  private online: boolean | null = null;
  private commands = 0;
  /** acknowledgements not yet sent (tests wait for them) */
  inFlight = 0;

  constructor(
    readonly model: StationModel,
    readonly client: MqttClient,
    /** mutable: tests make one gateway fail */
    readonly opts: GatewayOptions,
  ) {
    const id = model.cfg.id;
    client.on('connect', () => {
      client.subscribe(gwTopic(id, 'cmd'), { qos: 1 });
      this.online = null; // re-announce the status after any reconnect
    });
    client.on('message', (topic, payload) => {
      if (topic === gwTopic(id, 'cmd')) this.onCommand(payload);
    });
  }

  get stationId(): number {
    return this.model.cfg.id;
  }

  /** Starts reporting from t (the model already integrated up to there). */
  resumeAt(t: number): void {
    this.last = t;
  }

  /**
   * One polling cycle ending at t: step the model, publish the frame (when online). `modelT` runs
   * the physics at another instant than the frame's time stamp (tests fast-forward the models).
   */
  tick(t: number, modelT = t): TelemetryFrame | null {
    if (this.last === null) {
      this.last = modelT;
      return null;
    }
    const dt = (modelT - this.last) / 1000;
    if (dt <= 0) return null;
    this.last = modelT;
    const r = this.model.step(modelT, Math.min(dt, 900));
    if (r.gatewayOnline !== this.online && this.client.connected) {
      this.online = r.gatewayOnline;
      this.client.publish(gwTopic(this.stationId, 'status'), JSON.stringify({ online: r.gatewayOnline, ts: t, firmware: this.opts.firmware }), {
        qos: 1,
        retain: true,
      });
    }
    if (!r.gatewayOnline) return null;
    const frame: TelemetryFrame = {
      ver: 1,
      stationId: this.stationId,
      seq: this.seq++,
      ts: t,
      devices: r.devices.map((d) => ({ id: d.id, on: d.on, s: d.s, v: d.v })),
    };
    if (this.client.connected) this.client.publish(gwTopic(this.stationId, 'telemetry'), JSON.stringify(frame), { qos: 0 });
    return frame;
  }

  private onCommand(payload: Buffer): void {
    let cmd: GatewayCommand;
    try {
      cmd = gatewayCommand.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      return; // a malformed command is ignored; the platform times it out
    }
    if (this.online === false) return; // offline window: nothing answers
    const n = this.commands++;
    let ok = rand(this.model.cfg.seed, n, 97) >= this.opts.failureRate;
    let reason: GatewayReason = 'controllerBusy';
    if (ok) {
      const err = this.apply(cmd);
      if (err) [ok, reason] = [false, err];
    }
    const ack: GatewayAck = { cmdId: cmd.cmdId, ok, ts: Date.now(), ...(ok ? {} : { reason }) };
    this.inFlight++;
    setTimeout(() => {
      this.inFlight--;
      this.client.publish(gwTopic(this.stationId, 'ack'), JSON.stringify(ack), { qos: 1 });
    }, this.opts.ackDelayMs);
  }

  /** Applies a command; answers why it cannot be applied (a reason code), or null. */
  private apply(cmd: GatewayCommand): GatewayReason | null {
    if (cmd.type === 'mode') {
      this.model.setModes(cmd.mode === 'peakShaving' ? { peakShaving: cmd.enabled } : { island: cmd.enabled });
      return null;
    }
    // the controller checks what it is given, as a real one would
    const dates = { startDate: cmd.startDate, endDate: cmd.endDate };
    if (cmd.kind === 'peakShaving') {
      const p = peakShavingParams.safeParse(cmd.params);
      if (!p.success) return 'invalidParameters';
      this.model.setStrategy('peakShaving', { ...dates, params: p.data as PeakShavingParams });
    } else {
      const p = islandParams.safeParse(cmd.params);
      if (!p.success) return 'invalidParameters';
      this.model.setStrategy('island', { ...dates, params: p.data as IslandParams });
    }
    return null;
  }

  close(): Promise<void> {
    return new Promise((r) => this.client.end(true, {}, () => r()));
  }
}
