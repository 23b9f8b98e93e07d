import type { GatewayReason } from '../../protocol/codes';
import { gatewayAck, gatewayStatus, parseGwTopic } from '../../protocol/fleet';
import type { PushBroker } from '../broker/types';
import type { StationCache } from '../cache';
import type { Config } from '../config';
import type { Db } from '../db/db';
import type { Registry } from '../registry';
import { TelemetryStore } from '../telemetry/store';
import { configuredRetention } from '../telemetry/partitions';
import { issueOf, parseTelemetry } from '../telemetry/frame';
import { DailyEnergy } from '../telemetry/daily';
import { connectGateway, SimGateway } from './gateway';
import { gatewayPassword } from './gateway-auth';
import { AlarmRules } from './rules';
import { Ownership } from '../cluster/ownership';
import { singleProcessLocks } from '../cluster/locks';
import { CommandChannel, type AckResult, type CommandBody } from './command-channel';
import { loadSimModels } from './sim-models';
import { Handover } from './handover';
import { PeakAlarmWatch } from '../peak/alarm-watch';

/** How often the peak alarm looks at the current demand window. */
const PEAK_SWEEP_MS = 60_000;

// The fleet side of the server (docs/fleet.md): the telemetry store fed by gateway frames from
// the broker, the command channel to the gateways (with acknowledgement or timeout), and, when
// SIM_ENABLED, one simulated gateway per station (first start: history backfilled by the same
// models). The broker carries the gateway traffic both ways (`subscribeGateways`,
// `gatewayConnector`): embedded, inside this process; MQTT_URL, through the external broker.
// With several replicas (docs/deploy.md) each station is handled by the replica that owns it
// (`ownership`): frames of other stations only refresh the live values here, and the simulated
// fleet runs on the leader alone.

export interface FleetLog {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
}
/** What the fleet is built from (app.ts builds these first). */
export interface FleetDeps {
  db: Db;
  /** ms since epoch */
  clock: () => number;
  config: Config;
  broker: PushBroker;
  registry: Registry;
  /** station answers an alarm changes */
  stationCache: StationCache<unknown>;
  log: FleetLog;
  /** which stations this process handles; absent = all of them (one process) */
  ownership?: Ownership;
}

/** How often ingested rows are written: a sample waits at most this long before its batch is sent
 *  (half of it on average). At 18,000 stations a second's batch took up to a second to commit, so
 *  a 1 s period put the slowest samples at 2.1 s from gateway to row; batches half the size halve
 *  the wait without adding statements that matter (a few a second). */
const FLUSH_MS = 500;

export class FleetRuntime {
  readonly store: TelemetryStore;
  /** per-station daily energy and income (homepage, overview, matrix) */
  readonly daily = new DailyEnergy();
  /** alarm rules on the telemetry */
  readonly rules: AlarmRules;
  /** the month's peak demand about to be exceeded (docs/strategies.md) */
  readonly peak: PeakAlarmWatch;
  readonly gateways = new Map<number, SimGateway>();
  /** resolves when the first-start backfill (if any) is written and the gateways run */
  ready: Promise<void> = Promise.resolve();
  private readonly commands: CommandChannel;
  private readonly timers: NodeJS.Timeout[] = [];
  private closed = false;
  private tick: NodeJS.Timeout | null = null;
  readonly ownership: Ownership;
  private readonly handover: Handover;

  private readonly log: FleetLog;

  constructor(private readonly s: FleetDeps) {
    this.log = s.log;
    const c = s.config;
    this.commands = new CommandChannel(s);
    this.store = new TelemetryStore({
      clock: s.clock,
      retention: configuredRetention(c),
      offlineAfterMs: Math.max(60_000, 3 * c.simIntervalMs),
      maxAgeMs: Math.max(1, c.backfillDays) * 86_400_000,
      // 15 minutes of the fleet at the gateway period are held through a database outage
      holdCycles: Math.ceil(900_000 / c.simIntervalMs),
      log: s.log,
      leads: () => this.ownership.leads(),
    });
    this.rules = new AlarmRules(s);
    this.peak = new PeakAlarmWatch({ db: s.db, alarms: this.rules.alarms, timezoneOf: (id) => s.registry.stations.get(id)?.timezone, log: s.log });
    this.ownership = s.ownership ?? new Ownership({ locks: singleProcessLocks(), log: s.log });
    this.handover = new Handover(
      {
        db: s.db,
        clock: s.clock,
        registry: s.registry,
        store: this.store,
        rules: this.rules,
        commandTimeoutMs: c.commandTimeoutMs,
        changed: (id) => s.stationCache.invalidate(id),
        log: s.log,
      },
      this.ownership,
    );
  }

  stationOnline(stationId: number): boolean | undefined {
    return this.store.stationOnline(stationId);
  }

  /** Stations this process handles now (readiness, metrics). */
  ownedStations(): number {
    return this.handover.owned().length;
  }

  async start(): Promise<void> {
    await this.store.loadDevices(this.s.db);
    await this.attach();
    this.ownership.listen({
      acquired: (ps, first) => this.handover.acquired(ps, first),
      released: (ps) => this.handover.released(ps),
      leading: async (lead) => {
        if (!this.s.config.simulator || this.closed) return;
        if (lead) this.ready = this.startSimulator().catch((e: unknown) => this.log.warn({ err: String(e) }, 'fleet simulator failed to start'));
        else await this.stopSimulator();
      },
    });
    await this.ownership.start();
    const owns = (id: number) => this.ownership.owns(id);
    // a failed flush keeps its rows; the store logs the outage once when it starts and ends
    this.every(FLUSH_MS, () => this.store.flush(this.s.db).catch(() => undefined));
    this.every(15_000, () => this.rules.sweep(this.store, this.s.clock(), owns));
    this.every(PEAK_SWEEP_MS, () => this.peak.sweep(this.s.clock(), owns).catch(this.warns('peak alarm sweep failed')));
    // commands of owned stations that no replica closed (its sender stopped): failed when overdue
    this.every(2_000, () => this.handover.failOverdue().catch(this.warns('closing overdue commands failed')));
  }

  /** A timer that does not keep the process alive; close() clears it. */
  private every(ms: number, run: () => unknown): void {
    const timer = setInterval(() => void run(), ms);
    timer.unref();
    this.timers.push(timer);
  }

  private warns(message: string): (e: unknown) => void {
    return (e) => this.log.warn({ err: String(e) }, message);
  }

  private async attach(): Promise<void> {
    await this.s.broker.subscribeGateways([...this.s.registry.stations.keys()], (topic, payload) => this.onMessage(topic, payload));
  }

  /** A gateway message; anything malformed is counted, logged at a bounded rate and dropped. */
  onMessage(topic: string, payload: Buffer | string): void {
    const t = parseGwTopic(topic);
    if (!t) return;
    if (t.kind === 'telemetry') {
      const frame = parseTelemetry(t.stationId, payload, this.store.rejections);
      if (!frame) return;
      // rules judge only the samples the store took: a refused one raises nothing
      const own = this.ownership.owns(t.stationId);
      const taken = this.store.ingest(frame, undefined, own);
      if (taken && own) this.rules.onFrame(taken, this.store);
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
    } catch {
      return this.store.reject('invalidJson', t.stationId, t.kind);
    }
    if (t.kind === 'status') {
      const st = gatewayStatus.safeParse(raw);
      if (!st.success) return this.store.reject('statusSchema', t.stationId, issueOf(st.error));
      this.store.setGatewayStatus(t.stationId, st.data.online, st.data.ts);
    } else if (t.kind === 'ack') {
      const a = gatewayAck.safeParse(raw);
      if (!a.success) return this.store.reject('ackSchema', t.stationId, issueOf(a.error));
      const r = { ok: a.data.ok, reason: a.data.ok ? null : (a.data.reason ?? ('failed' satisfies GatewayReason)), at: new Date(this.s.clock()) };
      if (!this.commands.acknowledged(t.stationId, a.data.cmdId, r)) this.handover.onAck(t.stationId, a.data.cmdId, r);
    }
  }

  /**
   * Sends a command to a station's gateway; `onDone` runs once with the acknowledgement or, after
   * COMMAND_TIMEOUT_MS, with a failure. Publish only after the caller's records are committed.
   */
  dispatch(stationId: number, cmd: CommandBody, onDone: (r: AckResult) => Promise<void>): string {
    return this.commands.dispatch(stationId, cmd, onDone);
  }

  /** Waits until every dispatched command has its result recorded (tests). */
  settled(): Promise<void> {
    return this.commands.settled();
  }

  private async startSimulator(): Promise<void> {
    const via = this.s.broker.gatewayConnector();
    if (!via) return;
    const c = this.s.config;
    const { configs, models, resumeAt } = await loadSimModels(this.s.db, this.s.clock(), c, this.log);
    if (this.closed) return;
    for (const cfg of configs) {
      const client = connectGateway(cfg.id, gatewayPassword(c.gatewaySecret, cfg.id), via);
      client.on('error', (e) => this.log.warn({ stationId: cfg.id, err: e.message }, 'simulated gateway connection error'));
      const gw = new SimGateway(models.get(cfg.id)!, client, {
        failureRate: c.simAckFailureRate,
        ackDelayMs: 300 + Math.floor(Math.random() * 900),
        firmware: '3.4.1',
      });
      if (resumeAt !== null) gw.resumeAt(resumeAt);
      this.gateways.set(cfg.id, gw);
    }
    this.tick = setInterval(() => this.tickNow(), c.simIntervalMs);
    this.tick.unref();
    this.log.info({ gateways: this.gateways.size, intervalMs: c.simIntervalMs }, 'fleet simulator running');
    // daily energy of every station, so the first homepage does not wait for it
    const everyStation = [...this.s.registry.stations.values()].map((x) => ({ id: x.id, timezone: x.timezone }));
    void this.daily.warm(this.s.db, everyStation, this.s.clock()).catch((e: unknown) => this.log.warn({ err: String(e) }, 'daily energy warm-up failed'));
  }

  /**
   * One polling cycle of every simulated gateway at the server clock (the timer calls it; tests
   * too). `modelT` steps the models to that instant instead while frames keep the server clock:
   * browser tests fast-forward the physics through a sunny afternoon and still see live data.
   */
  tickNow(modelT?: number): void {
    const t = this.s.clock();
    for (const gw of this.gateways.values()) gw.tick(t, modelT ?? t);
  }

  /** This replica no longer leads: its simulated gateways stop (the new leader starts them). */
  private async stopSimulator(): Promise<void> {
    await this.ready;
    if (this.tick) clearInterval(this.tick);
    this.tick = null;
    await Promise.all([...this.gateways.values()].map((g) => g.close()));
    this.gateways.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    await this.stopSimulator();
    await this.commands.close();
    await this.rules.close();
    await this.store.flush(this.s.db, { all: true }).catch(() => undefined);
    await this.ownership.close();
  }
}
