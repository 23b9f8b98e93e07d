import type { GatewayReason } from '../../protocol/codes';
import { randomBytes } from 'node:crypto';
import { gatewayAck, gatewayStatus, gwTopic, parseGwTopic, type GatewayCommand } from '../../protocol/fleet';
import type { PushBroker } from '../broker/types';
import type { StationCache } from '../cache';
import type { Config } from '../config';
import type { Db } from '../db/db';
import type { Registry } from '../registry';
import { backfill, backfillStart } from '../telemetry/backfill';
import { TelemetryStore } from '../telemetry/store';
import { issueOf, parseTelemetry } from '../telemetry/frame';
import { DailyEnergy } from '../telemetry/daily';
import { loadFleetConfig } from './config';
import { connectGateway, SimGateway } from './gateway';
import { gatewayPassword } from './gateway-auth';
import { loadLastValues } from './restore';
import { StationModel } from './station';
import { soilingEpisode } from './pv-losses';
import { AlarmRules } from './rules';
import { Ownership } from '../cluster/ownership';
import { singleProcessLocks } from '../cluster/locks';
import { cmdIdFor, refOfCommand } from './command-records';
import { Handover } from './handover';
import { ensurePartitions } from '../telemetry/partitions';
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

export interface AckResult {
  ok: boolean;
  reason: string | null;
  at: Date;
}

interface Pending {
  stationId: number;
  finish: (r: AckResult) => void;
}
/** A command without its id (the runtime assigns one). */
export type CommandBody = GatewayCommand extends infer C ? (C extends GatewayCommand ? Omit<C, 'cmdId'> : never) : never;

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
  private readonly pending = new Map<string, Pending>();
  private readonly settling = new Set<Promise<void>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private closed = false;
  private tick: NodeJS.Timeout | null = null;
  readonly ownership: Ownership;
  private readonly handover: Handover;

  private readonly log: FleetLog;

  constructor(private readonly s: FleetDeps) {
    this.log = s.log;
    const c = s.config;
    this.store = new TelemetryStore({
      clock: s.clock,
      retention: { rawDays: c.telemetryRawDays, minuteDays: c.telemetryMinuteDays, quarterDays: c.telemetryQuarterDays },
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
    const flush = setInterval(() => {
      // a failed flush keeps its rows; the store logs the outage once when it starts and ends
      this.store.flush(this.s.db).catch(() => undefined);
    }, 1000);
    flush.unref();
    this.timers.push(flush);
    const sweep = setInterval(() => this.rules.sweep(this.store, this.s.clock(), (id) => this.ownership.owns(id)), 15_000);
    sweep.unref();
    this.timers.push(sweep);
    const peak = setInterval(
      () =>
        void this.peak
          .sweep(this.s.clock(), (id) => this.ownership.owns(id))
          .catch((e: unknown) => this.log.warn({ err: String(e) }, 'peak alarm sweep failed')),
      PEAK_SWEEP_MS,
    );
    peak.unref();
    this.timers.push(peak);
    // commands of owned stations that no replica closed (its sender stopped): failed when overdue
    const overdue = setInterval(
      () => void this.handover.failOverdue().catch((e: unknown) => this.log.warn({ err: String(e) }, 'closing overdue commands failed')),
      2_000,
    );
    overdue.unref();
    this.timers.push(overdue);
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
      const p = this.pending.get(a.data.cmdId);
      const r = { ok: a.data.ok, reason: a.data.ok ? null : (a.data.reason ?? ('failed' satisfies GatewayReason)), at: new Date(this.s.clock()) };
      if (p && p.stationId === t.stationId) p.finish(r);
      else if (!p) this.handover.onAck(t.stationId, a.data.cmdId, r);
    }
  }

  /**
   * Sends a command to a station's gateway; `onDone` runs once with the acknowledgement or, after
   * COMMAND_TIMEOUT_MS, with a failure. Publish only after the caller's records are committed.
   */
  dispatch(stationId: number, cmd: CommandBody, onDone: (r: AckResult) => Promise<void>): string {
    const cmdId = cmdIdFor(refOfCommand(cmd), randomBytes(8).toString('hex'));
    const p = new Promise<void>((resolve) => {
      let finished = false;
      const finish = (r: AckResult) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        this.pending.delete(cmdId);
        onDone(r)
          .catch((e: unknown) => this.log.warn({ err: String(e), cmdId }, 'recording a command result failed'))
          .finally(resolve);
      };
      const timer = setTimeout(
        () => finish({ ok: false, reason: 'ackTimeout' satisfies GatewayReason, at: new Date(this.s.clock()) }),
        this.s.config.commandTimeoutMs,
      );
      timer.unref();
      this.pending.set(cmdId, { stationId, finish });
    });
    this.settling.add(p);
    void p.finally(() => this.settling.delete(p));
    this.s.broker.publish(gwTopic(stationId, 'cmd'), JSON.stringify({ ...cmd, cmdId })).catch((e: unknown) => {
      this.log.warn({ err: String(e), cmdId }, 'command not delivered');
      this.pending.get(cmdId)?.finish({ ok: false, reason: 'notDelivered' satisfies GatewayReason, at: new Date(this.s.clock()) });
    });
    return cmdId;
  }

  /** Waits until every dispatched command has its result recorded (tests). */
  async settled(): Promise<void> {
    while (this.settling.size > 0) await Promise.all([...this.settling]);
  }

  private async startSimulator(): Promise<void> {
    const via = this.s.broker.gatewayConnector();
    if (!via) return;
    const c = this.s.config;
    const all = await loadFleetConfig(this.s.db);
    const configs = all.slice(0, c.simStations);
    const now = this.s.clock();
    // first start: history of BACKFILL_DAYS; a restart: the gap since the last stored interval
    const [{ last } = { last: null }] = await this.s.db.query<{ last: number | null }>(
      'SELECT (extract(epoch FROM max(bucket)) * 1000)::float8 AS last FROM station_energy WHERE station_id = ANY($1::int[])',
      [configs.map((x) => x.id)],
    );
    // the fleet's soiling episode, anchored to the start of the stored history
    const [{ first } = { first: null }] = await this.s.db.query<{ first: number | null }>(
      'SELECT (extract(epoch FROM min(bucket)) * 1000)::float8 AS first FROM station_energy WHERE station_id = ANY($1::int[])',
      [configs.map((x) => x.id)],
    );
    const dusty = soilingEpisode(configs, first ?? backfillStart(now, c.backfillDays), c.backfillDays);
    for (const cfg of configs) if (cfg.id === dusty?.stationId) cfg.pvEpisode = dusty.episode;
    let models: Map<number, StationModel>;
    let resumeAt: number | null = null;
    const gapFrom = last === null ? undefined : last + 900_000;
    // a restart continues from what the gateways reported last (SOC, SOH, generator hours, counters)
    const lastValues = await loadLastValues(
      this.s.db,
      configs.flatMap((x) => x.devices),
    );
    let restored = 0;
    const prepare = (m: StationModel) => void (restored += lastValues.size ? m.restore(lastValues) : 0);
    if (c.backfillDays > 0 && (gapFrom === undefined || now - gapFrom > 900_000)) {
      const r = await backfill(this.s.db, configs, now, {
        days: c.backfillDays,
        from: gapFrom,
        minuteHours: c.backfillMinuteHours,
        deviceHours: c.backfillDeviceHours,
        prepare,
      });
      this.log.info(
        { stations: configs.length, rows: r.rows, ms: r.ms, from: new Date(gapFrom ?? now - c.backfillDays * 86_400_000).toISOString() },
        gapFrom === undefined ? 'telemetry history backfilled' : 'telemetry gap since the last run filled',
      );
      models = r.models;
      resumeAt = r.end;
      // the backfilled past waits in the default partitions: move it into partitions of its own
      await ensurePartitions(this.s.db, now, { rawDays: c.telemetryRawDays, minuteDays: c.telemetryMinuteDays, quarterDays: c.telemetryQuarterDays });
    } else {
      models = new Map(
        configs.map((cfg) => {
          const m = new StationModel(cfg);
          prepare(m);
          return [cfg.id, m];
        }),
      );
    }
    if (restored > 0) this.log.info({ devices: restored }, 'fleet models continue from the last reported values');
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
    for (const p of [...this.pending.values()]) p.finish({ ok: false, reason: 'serverShutdown' satisfies GatewayReason, at: new Date(this.s.clock()) });
    await this.settled();
    await this.rules.close();
    await this.store.flush(this.s.db, { all: true }).catch(() => undefined);
    await this.ownership.close();
  }
}
