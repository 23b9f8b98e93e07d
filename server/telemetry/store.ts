import { POINTS, STATION_POINTS, pointIndex, type FleetDeviceType, type TelemetryFrame } from '../../protocol/fleet';
import type { Queryable } from '../db/db';
import { applyRetention, insertRaw, insertRollups, upsertEnergy, type EnergyRow, type RawRow, type Retention, type RollupRow } from './sql';

// The telemetry store (docs/fleet.md): frames from the gateways go in; out come the latest value
// of every point (memory), raw rows, 1 min / 15 min / 1 day rollups folded incrementally (a
// closed minute folds into its quarter, a closed quarter into its day), and per-station energy
// per 15-minute interval from the devices' cumulative counters. `flush` writes what accumulated
// in one statement per table; nothing is read back on the ingest path.

export interface DeviceMeta { stationId: number; type: FleetDeviceType; capKwh: number }
export interface Latest { ts: number; on: boolean; s: number | null; v: (number | null)[]; q: 'good' | 'stale' | 'bad' }
export interface StationLive {
  lastTs: number;
  lastRecv: number;
  /** from the gateway's retained status topic; undefined until one arrives */
  gatewayOnline?: boolean;
  /** STATION_POINTS order */
  flows: (number | null)[];
}

export const RESOLUTIONS = [60, 900, 86_400] as const;
const QUARTER = 900_000;

interface Acc { bucket: number; n: number; mn: Float64Array; mx: Float64Array; sum: Float64Array }
const newAcc = (bucket: number, p: number): Acc => ({
  bucket, n: 0, mn: new Float64Array(p).fill(Infinity), mx: new Float64Array(p).fill(-Infinity), sum: new Float64Array(p),
});
const accRow = (id: number, res: number, a: Acc): RollupRow => {
  const p = a.mn.length;
  const s = new Array<number>(3 * p);
  for (let k = 0; k < p; k++) {
    s[k] = Number.isFinite(a.mn[k]!) ? a.mn[k]! : NaN;
    s[p + k] = Number.isFinite(a.mx[k]!) ? a.mx[k]! : NaN;
    s[2 * p + k] = a.n > 0 ? a.sum[k]! / a.n : NaN;
  }
  return { id, res, bucket: a.bucket, n: a.n, s };
};

/** Which counter of which device type feeds which energy flow. */
const COUNTERS: Partial<Record<FleetDeviceType, [string, (keyof EnergyRow)[]][]>> = {
  meter: [['importKwh', ['gridImport']], ['exportKwh', ['gridExport']]],
  pv_inverter: [['totalKwh', ['pv']]],
  pcs: [['chargeKwh', ['charge']], ['dischargeKwh', ['discharge']], ['auxKwh', ['losses']]],
  generator: [['energyKwh', ['generator']], ['fuelL', ['fuel']]],
  charging_pile: [['totalKwh', ['pile', 'load']]],
  load: [['energyKwh', ['load']]],
};
const COUNTER_IDX = Object.fromEntries(
  Object.entries(COUNTERS).map(([t, list]) => [t, list!.map(([name, keys]) => [pointIndex(t as FleetDeviceType, name), keys] as const)]),
) as Partial<Record<FleetDeviceType, (readonly [number, (keyof EnergyRow)[]])[]>>;

const emptyEnergy = (stationId: number, bucket: number): EnergyRow => ({
  stationId, bucket, pv: 0, charge: 0, discharge: 0, load: 0, gridImport: 0, gridExport: 0, generator: 0, fuel: 0, pile: 0, losses: 0, soc: null, sessions: 0,
});

export interface StoreOptions {
  clock: () => number;
  retention: Retention;
  /** a station/device is offline when nothing arrived for this long */
  offlineAfterMs: number;
  /** at most this many rollup rows per flush (a minute boundary closes every device's bucket at once) */
  rollupsPerFlush?: number;
  /** energy increments are written at most this often (and whenever an interval closes) */
  energyFlushMs?: number;
}

export class TelemetryStore {
  readonly devices = new Map<number, DeviceMeta>();
  readonly stationDevices = new Map<number, number[]>();
  readonly latest = new Map<number, Latest>();
  readonly stations = new Map<number, StationLive>();
  /** ingest lag (ms, sample time → durable) of the frames written by the last flushes; bench reads it */
  readonly lags: number[] = [];
  rejected = 0;
  private raw: RawRow[] = [];
  private rollOut: RollupRow[] = [];
  private energy = new Map<string, EnergyRow>();
  private readonly acc = new Map<number, (Acc | null)[]>();
  private readonly prev = new Map<number, (number | null)[]>();
  private pendingTs: number[] = [];
  private flushing: Promise<void> | null = null;
  private lastRetention = 0;
  private lastEnergy = 0;

  constructor(readonly opts: StoreOptions) {}

  async loadDevices(db: Queryable): Promise<void> {
    const rows = await db.query<{ id: number; stationId: number; type: FleetDeviceType; capKwh: number }>(
      'SELECT id, station_id AS "stationId", type, rated_capacity_kwh AS "capKwh" FROM devices ORDER BY id',
    );
    this.devices.clear();
    this.stationDevices.clear();
    for (const r of rows) {
      this.devices.set(r.id, { stationId: r.stationId, type: r.type, capKwh: r.capKwh });
      (this.stationDevices.get(r.stationId) ?? this.stationDevices.set(r.stationId, []).get(r.stationId)!).push(r.id);
    }
  }

  /** One gateway frame. Devices that are not the station's are dropped (a gateway speaks only for its site). */
  ingest(frame: TelemetryFrame, recvTs = this.opts.clock()): void {
    const sid = frame.stationId;
    const ts = frame.ts;
    let pv = 0, load = 0, ess = 0, gen = 0, pile = 0, socW = 0, cap = 0;
    let grid: number | null = null;
    let hasPcs = false;
    let accepted = 0;
    for (const d of frame.devices) {
      const meta = this.devices.get(d.id);
      const n = meta ? POINTS[meta.type].length : 0;
      // points are only ever appended to a type, so a gateway on an older list sends a prefix:
      // taken, with the newer points empty; a longer frame is not this type's and is refused
      if (!meta || meta.stationId !== sid || d.v.length === 0 || d.v.length > n) {
        this.rejected++;
        continue;
      }
      const v = d.v.length === n ? d.v : [...d.v, ...new Array<null>(n - d.v.length).fill(null)];
      accepted++;
      this.latest.set(d.id, { ts, on: d.on, s: d.s, v, q: d.q ?? 'good' });
      this.raw.push({ id: d.id, ts, v });
      this.fold(d.id, ts, v);
      this.count(sid, d.id, meta.type, ts, v, d.s);
      const p0 = v[0] ?? 0;
      switch (meta.type) {
        case 'pv_inverter': pv += p0; break;
        case 'load': load += p0; break;
        case 'charging_pile': pile += v[1] ?? 0; break;
        case 'pcs': ess += p0; hasPcs = true; break;
        case 'generator': gen += v[1] ?? 0; break;
        case 'meter': grid = p0; break;
        case 'battery_cluster': socW += (v[0] ?? 0) * (meta.capKwh || 1); cap += meta.capKwh || 1; break;
        default:
      }
    }
    if (accepted === 0) return;
    const soc = cap > 0 ? socW / cap : null;
    const flows = [pv, load + pile, hasPcs ? ess : 0, grid ?? 0, gen, pile, soc];
    const st = this.stations.get(sid);
    if (st) {
      st.lastTs = Math.max(st.lastTs, ts);
      st.lastRecv = recvTs;
      st.flows = flows;
    } else this.stations.set(sid, { lastTs: ts, lastRecv: recvTs, flows });
    this.raw.push({ id: -sid, ts, v: flows });
    this.fold(-sid, ts, flows);
    if (soc !== null) this.energyRow(sid, ts).soc = soc;
    this.pendingTs.push(ts);
  }

  setGatewayStatus(stationId: number, online: boolean, ts: number): void {
    const st = this.stations.get(stationId);
    if (st) st.gatewayOnline = online;
    else this.stations.set(stationId, { lastTs: ts, lastRecv: this.opts.clock(), gatewayOnline: online, flows: STATION_POINTS.map(() => null) });
  }

  private energyRow(sid: number, ts: number): EnergyRow {
    const bucket = Math.floor((ts - 1) / QUARTER) * QUARTER;
    const key = `${sid}|${bucket}`;
    let e = this.energy.get(key);
    if (!e) this.energy.set(key, (e = emptyEnergy(sid, bucket)));
    return e;
  }

  /** Counter increments since the device's previous sample (a counter that went down was reset: skipped). */
  private count(sid: number, id: number, type: FleetDeviceType, ts: number, v: (number | null)[], s: number | null): void {
    const list = COUNTER_IDX[type];
    const before = this.prev.get(id);
    if (type === 'charging_pile' && before && s === 1 && before[0] === 0) this.energyRow(sid, ts).sessions++;
    if (list) {
      if (before) {
        let row: EnergyRow | null = null;
        for (const [idx, keys] of list) {
          const a = before[idx];
          const b = v[idx];
          if (a === null || a === undefined || b === null || b === undefined || b < a) continue;
          row ??= this.energyRow(sid, ts);
          for (const k of keys) (row[k] as number) += b - a;
        }
      }
    }
    if (list || type === 'charging_pile') this.prev.set(id, v);
  }

  private fold(id: number, ts: number, v: readonly (number | null)[]): void {
    let accs = this.acc.get(id);
    if (!accs) this.acc.set(id, (accs = [null, null, null]));
    const bucket = Math.floor(ts / 60_000) * 60_000;
    let a = accs[0];
    if (a && a.bucket !== bucket) {
      this.close(id, accs, 0);
      a = null;
    }
    if (!a) accs[0] = a = newAcc(bucket, v.length);
    a.n++;
    for (let k = 0; k < v.length; k++) {
      const x = v[k];
      if (x === null || x === undefined || !Number.isFinite(x)) continue;
      if (x < a.mn[k]!) a.mn[k] = x;
      if (x > a.mx[k]!) a.mx[k] = x;
      a.sum[k]! += x;
    }
  }

  /** Emits the accumulator of level `lvl` and folds it into the next level. */
  private close(id: number, accs: (Acc | null)[], lvl: number): void {
    const a = accs[lvl];
    if (!a) return;
    accs[lvl] = null;
    this.rollOut.push(accRow(id, RESOLUTIONS[lvl]!, a));
    if (lvl === 2) return;
    const upRes = RESOLUTIONS[lvl + 1]! * 1000;
    const upBucket = Math.floor(a.bucket / upRes) * upRes;
    let up = accs[lvl + 1];
    if (up && up.bucket !== upBucket) {
      this.close(id, accs, lvl + 1);
      up = null;
    }
    if (!up) accs[lvl + 1] = up = newAcc(upBucket, a.mn.length);
    up.n += a.n;
    for (let k = 0; k < a.mn.length; k++) {
      if (a.mn[k]! < up.mn[k]!) up.mn[k] = a.mn[k]!;
      if (a.mx[k]! > up.mx[k]!) up.mx[k] = a.mx[k]!;
      up.sum[k]! += a.sum[k]!;
    }
  }

  /** Closes buckets whose time is over (devices that went quiet), so their rollups get written. */
  sweep(now: number): void {
    for (const [id, accs] of this.acc) {
      for (let lvl = 0; lvl < 3; lvl++) {
        const a = accs[lvl];
        const res = RESOLUTIONS[lvl]! * 1000;
        if (a && a.bucket + res + 90_000 < now) this.close(id, accs, lvl);
      }
    }
  }

  /** Writes everything accumulated; concurrent calls wait for the running flush. */
  async flush(db: Queryable, opts: { all?: boolean } = {}): Promise<void> {
    while (this.flushing) await this.flushing;
    const now = this.opts.clock();
    this.sweep(opts.all ? Infinity : now);
    const raw = this.raw;
    const cap = opts.all ? Infinity : (this.opts.rollupsPerFlush ?? 10_000);
    const rolls = this.rollOut.length <= cap ? this.rollOut : this.rollOut.slice(0, cap);
    this.rollOut = this.rollOut.length <= cap ? [] : this.rollOut.slice(cap);
    let energy: EnergyRow[] = [];
    const quarterNow = Math.floor((now - 1) / QUARTER) * QUARTER;
    if (opts.all || now - this.lastEnergy >= (this.opts.energyFlushMs ?? 10_000) || [...this.energy.values()].some((e) => e.bucket < quarterNow)) {
      energy = [...this.energy.values()];
      this.energy = new Map();
      this.lastEnergy = now;
    }
    const ts = this.pendingTs;
    this.raw = [];
    this.pendingTs = [];
    this.flushing = (async () => {
      if (raw.length) await insertRaw(db, raw);
      if (rolls.length) await insertRollups(db, rolls);
      if (energy.length) await upsertEnergy(db, energy);
      const done = Date.now();
      // lag is measured on the wall clock against the sample time the gateway stamped
      for (const t of ts) this.lags.push(done - t);
      if (this.lags.length > 200_000) this.lags.splice(0, this.lags.length - 100_000);
      if (now - this.lastRetention > 3_600_000) {
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

  /** Unflushed rows (history queries merge them for the newest seconds). */
  pendingRaw(id: number, from: number, to: number): RawRow[] {
    return this.raw.filter((r) => r.id === id && r.ts >= from && r.ts <= to);
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
