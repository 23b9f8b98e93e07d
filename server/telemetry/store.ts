import { POINTS, STATION_POINTS, type FleetDeviceType, type TelemetryFrame } from '../../protocol/fleet';
import type { Queryable } from '../db/db';
import { boundsViolation } from './counters';
import { EnergyBook } from './energy-book';
import { RollupFolder } from './rollups';
import { HeldWrites, type HeldLog } from './held';
import { Rejections, type RejectReason } from './rejections';
import { applyRetention, type RawRow, type Retention } from './sql';
import { StationFlows } from './station-flows';

// The telemetry store (docs/fleet.md): frames from the gateways go in; out come the latest value
// of every point (memory), raw rows, 1 min / 15 min / 1 day rollups folded incrementally (a
// closed minute folds into its quarter, a closed quarter into its day), and per-station energy
// per 15-minute interval from the devices' cumulative counters (energy-book.ts). Impossible samples are refused
// before any of it (counters.ts, rejections.ts). `flush` hands what accumulated to the held
// writes (held.ts), which write it in order and keep it through a database outage; nothing is
// read back on the ingest path.

export interface DeviceMeta {
  stationId: number;
  type: FleetDeviceType;
  capKwh: number;
  ratedKw: number;
}
export interface Latest {
  ts: number;
  on: boolean;
  s: number | null;
  v: (number | null)[];
  q: 'good' | 'stale' | 'bad';
}
export interface StationLive {
  lastTs: number;
  lastRecv: number;
  /** from the gateway's retained status topic; undefined until one arrives */
  gatewayOnline?: boolean;
  /** STATION_POINTS order */
  flows: (number | null)[];
}

export interface StoreOptions {
  clock: () => number;
  retention: Retention;
  /** a station/device is offline when nothing arrived for this long */
  offlineAfterMs: number;
  /** at most this many rollup rows per flush (a minute boundary closes every device's bucket at once) */
  rollupsPerFlush?: number;
  /** energy increments are written at most this often (and whenever an interval closes) */
  energyFlushMs?: number;
  /** frames older than this are refused (the gateways' backfill window) */
  maxAgeMs?: number;
  /** frames dated further ahead than this are refused */
  maxAheadMs?: number;
  /** reporting cycles of every device (and station series) held through a database outage (held.ts) */
  holdCycles?: number;
  log?: HeldLog;
  /** retention runs only where this answers true (one replica; default always) */
  leads?: () => boolean;
}

const DAY = 86_400_000;

export class TelemetryStore {
  readonly devices = new Map<number, DeviceMeta>();
  readonly stationDevices = new Map<number, number[]>();
  readonly latest = new Map<number, Latest>();
  readonly stations = new Map<number, StationLive>();
  readonly rejections: Rejections;
  readonly held: HeldWrites;
  /** frames with at least one accepted device sample */
  accepted = 0;
  private raw: RawRow[] = [];
  private readonly energy: EnergyBook;
  private readonly rollups = new RollupFolder();
  /** per station: the sum of its devices' ratings (counter bound of a device rated 0) */
  private readonly stationKw = new Map<number, number>();
  private pendingTs: number[] = [];
  private flushing: Promise<void> | null = null;
  private lastRetention = 0;

  constructor(readonly opts: StoreOptions) {
    this.rejections = new Rejections({ clock: opts.clock, log: opts.log });
    this.held = new HeldWrites({ maxRows: 200_000, log: opts.log });
    this.energy = new EnergyBook((reason, sid, detail) => this.reject(reason, sid, detail));
  }

  /** refused frames and device samples */
  get rejected(): number {
    return this.rejections.total;
  }

  /** ingest lag (ms, sample time → durable) of the frames written so far; the bench reads it */
  get lags(): number[] {
    return this.held.lags;
  }

  reject(reason: RejectReason, stationId: number | null, detail?: string): void {
    this.rejections.note(reason, stationId, detail);
  }

  async loadDevices(db: Queryable): Promise<void> {
    const rows = await db.query<DeviceMeta & { id: number }>(
      'SELECT id, station_id AS "stationId", type, rated_capacity_kwh AS "capKwh", rated_power_kw AS "ratedKw" FROM devices ORDER BY id',
    );
    this.devices.clear();
    this.stationDevices.clear();
    this.stationKw.clear();
    for (const r of rows) {
      this.devices.set(r.id, { stationId: r.stationId, type: r.type, capKwh: r.capKwh, ratedKw: r.ratedKw });
      this.stationKw.set(r.stationId, (this.stationKw.get(r.stationId) ?? 0) + r.ratedKw);
      (this.stationDevices.get(r.stationId) ?? this.stationDevices.set(r.stationId, []).get(r.stationId)!).push(r.id);
    }
    // one raw row per device and station per cycle, plus their rollups (a few % more)
    this.held.maxRows = Math.max(200_000, Math.ceil((rows.length + this.stationKw.size) * (this.opts.holdCycles ?? 180) * 1.1));
  }

  /**
   * One gateway frame. Refused whole when dated outside [now − backfill window, now + 5 min];
   * a device sample is refused when the device is not the station's, its point list is not its
   * type's, it is older than the device's last one, or a value is physically impossible; its
   * counters alone when they went back or jumped (counters.ts). Answers what was taken.
   * With `own` false (a station another replica owns) only the live values follow the frame:
   * nothing is stored, counted or booked as energy here.
   */
  ingest(frame: TelemetryFrame, recvTs = this.opts.clock(), own = true): TelemetryFrame | null {
    const sid = frame.stationId;
    const ts = frame.ts;
    const now = this.opts.clock();
    const early = ts < now - (this.opts.maxAgeMs ?? 30 * DAY);
    if (early || ts > now + (this.opts.maxAheadMs ?? 300_000)) {
      this.reject(early ? 'tooOld' : 'future', sid, new Date(ts).toISOString());
      return null;
    }
    const sums = new StationFlows();
    const taken: TelemetryFrame['devices'] = [];
    for (const d of frame.devices) {
      const meta = this.devices.get(d.id);
      const n = meta ? POINTS[meta.type].length : 0;
      // points are only ever appended to a type, so a gateway on an older list sends a prefix:
      // taken, with the newer points empty; a longer frame is not this type's and is refused
      if (!meta || meta.stationId !== sid) {
        this.reject('foreignDevice', sid, `device ${d.id}`);
        continue;
      }
      if (d.v.length === 0 || d.v.length > n) {
        this.reject('pointCount', sid, `device ${d.id}: ${d.v.length} values, ${n} points`);
        continue;
      }
      const full = d.v.length === n ? d.v : [...d.v, ...new Array<null>(n - d.v.length).fill(null)];
      const before = this.latest.get(d.id)?.ts;
      if (before !== undefined && ts < before) {
        this.reject('outOfOrder', sid, `device ${d.id}: ${new Date(ts).toISOString()} after ${new Date(before).toISOString()}`);
        continue;
      }
      const rated = meta.ratedKw > 0 ? meta.ratedKw : this.stationKw.get(sid) || 10_000;
      const bad = boundsViolation(meta.type, full, rated);
      if (bad) {
        this.reject('outOfBounds', sid, `device ${d.id}: ${bad}`);
        continue;
      }
      const v = own ? this.energy.count(sid, d.id, meta.type, ts, full, d.s, rated) : full;
      taken.push(v === d.v ? d : { ...d, v });
      this.latest.set(d.id, { ts, on: d.on, s: d.s, v, q: d.q ?? 'good' });
      if (own) {
        this.raw.push({ id: d.id, ts, v });
        this.rollups.fold(d.id, ts, v);
      }
      sums.add(meta.type, meta.capKwh, v, d.s, before === undefined ? undefined : ts - before);
    }
    if (taken.length === 0) return null;
    if (own) this.accepted++;
    const soc = sums.soc;
    const flows = sums.flows();
    const st = this.stations.get(sid);
    if (st) {
      st.lastTs = Math.max(st.lastTs, ts);
      st.lastRecv = recvTs;
      st.flows = flows;
    } else this.stations.set(sid, { lastTs: ts, lastRecv: recvTs, flows });
    if (!own) return taken.length === frame.devices.length ? frame : { ...frame, devices: taken };
    this.raw.push({ id: -sid, ts, v: flows });
    this.rollups.fold(-sid, ts, flows);
    if (soc !== null) this.energy.row(sid, ts).soc = soc;
    if (sums.limitedS > 0) this.energy.row(sid, ts).pvLimitedS += sums.limitedS;
    this.pendingTs.push(ts);
    return taken.length === frame.devices.length ? frame : { ...frame, devices: taken };
  }

  setGatewayStatus(stationId: number, online: boolean, ts: number): void {
    const st = this.stations.get(stationId);
    if (st) st.gatewayOnline = online;
    else this.stations.set(stationId, { lastTs: ts, lastRecv: this.opts.clock(), gatewayOnline: online, flows: STATION_POINTS.map(() => null) });
  }

  /**
   * Hands everything accumulated to the held writes and writes what they hold, in order; throws
   * when the database fails (nothing is lost: the next flush tries again). Concurrent calls wait
   * for the running flush.
   */
  async flush(db: Queryable, opts: { all?: boolean; energy?: boolean } = {}): Promise<void> {
    while (this.flushing) await this.flushing;
    const now = this.opts.clock();
    this.rollups.sweep(opts.all ? Infinity : now);
    const cap = opts.all ? Infinity : (this.opts.rollupsPerFlush ?? 10_000);
    const rolls = this.rollups.take(cap);
    const energy = this.energy.take(now, !!(opts.all || opts.energy), this.opts.energyFlushMs ?? 10_000);
    this.held.add({ raw: this.raw, rolls, energy, sampleTs: this.pendingTs });
    this.raw = [];
    this.pendingTs = [];
    this.flushing = (async () => {
      await this.held.drain(db);
      if (now - this.lastRetention > 3_600_000 && (this.opts.leads?.() ?? true)) {
        this.lastRetention = now;
        await applyRetention(db, now, this.opts.retention);
      }
    })();
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  /** Continues untracked devices' counters from stored samples (stations taken over); answers how many. */
  resumeCounters(samples: readonly { id: number; ts: number; v: (number | null)[] }[]): number {
    return this.energy.resume(samples);
  }

  /** Forgets the counter tracks of these stations' devices (handed to another replica). */
  forgetCounters(stationIds: readonly number[]): void {
    this.energy.forget(stationIds.flatMap((sid) => this.stationDevices.get(sid) ?? []));
  }

  /** Unflushed rows (history queries merge them for the newest seconds). */
  pendingRaw(id: number, from: number, to: number): RawRow[] {
    const out: RawRow[] = [];
    if (this.held.heldRows > 0) for (const r of this.held.rawRows()) if (r.id === id && r.ts >= from && r.ts <= to) out.push(r);
    for (const r of this.raw) if (r.id === id && r.ts >= from && r.ts <= to) out.push(r);
    return out;
  }

  stationOnline(stationId: number): boolean | undefined {
    const st = this.stations.get(stationId);
    if (!st) return undefined;
    if (st.gatewayOnline === false) return false;
    return this.opts.clock() - st.lastRecv < this.opts.offlineAfterMs;
  }

  deviceOnline(deviceId: number): boolean {
    const l = this.latest.get(deviceId);
    return !!l && l.on && this.opts.clock() - l.ts < this.opts.offlineAfterMs;
  }
}
