import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import { insertRaw, insertRollups, upsertEnergy, type EnergyRow, type RawRow, type RollupRow } from './sql';

// Telemetry writes that outlive a database outage. Each flush hands over one batch; batches are
// written in order, part by part, and a part leaves the queue only once its statement
// succeeded, so a failed flush is simply tried again later. Raw rows and rollups are upserts on
// their natural keys (device, time; device, level, bucket), so a repeat is harmless; energy is
// additive, so each energy slice carries a claim id (this writer, its batch, its offset) that its
// statement records in the same commit: a slice whose commit went through but whose answer was
// lost (the connection dropped) is sent again and adds nothing the second time. The queue is bounded: past `maxRows`, the oldest raw samples go first (their
// minute rollups keep the shape of the curve), then the oldest rollups; energy, which bills
// customers, is never dropped. Drops are counted. The outage is logged once when it starts
// and once when it ends, with what was held, written back and dropped.

export interface Batch {
  raw: RawRow[];
  rolls: RollupRow[];
  energy: EnergyRow[];
  /** sample times of the frames in this batch (ingest lag) */
  sampleTs: number[];
}
export interface HeldLog {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
}
export interface HeldOptions {
  /** raw + rollup rows held at most (the store sizes it to its fleet) */
  maxRows: number;
  log?: HeldLog;
  /** wall clock for outage durations */
  now?: () => number;
}
/** A batch in the queue: its claim key and how many of its energy rows are committed. */
interface Held extends Batch {
  key: string;
  energyDone: number;
}
interface Outage {
  since: number;
  err: string;
  heldMax: number;
  writtenBack: number;
  droppedAtStart: number;
}

const SLICE = 20_000;

export class HeldWrites {
  private readonly queue: Held[] = [];
  /** unique per writer (process), so claims of replicas never collide */
  private readonly writer = randomBytes(6).toString('hex');
  private batches = 0;
  /** raw + rollup rows waiting (energy rows are not bounded) */
  heldRows = 0;
  heldEnergy = 0;
  readonly dropped = { raw: 0, rollup: 0 };
  /** failed write attempts */
  dbErrors = 0;
  /** ingest lag (ms, sample time → durable) of written frames; the bench reads it */
  readonly lags: number[] = [];
  private outage: Outage | null = null;
  private draining = false;

  maxRows: number;

  constructor(private readonly opts: HeldOptions) {
    this.maxRows = opts.maxRows;
  }

  get inOutage(): boolean {
    return this.outage !== null;
  }

  add(b: Batch): void {
    if (!b.raw.length && !b.rolls.length && !b.energy.length && !b.sampleTs.length) return;
    this.queue.push({ ...b, key: `${this.writer}.${this.batches++}`, energyDone: 0 });
    this.heldRows += b.raw.length + b.rolls.length;
    this.heldEnergy += b.energy.length;
    if (this.outage) this.outage.heldMax = Math.max(this.outage.heldMax, this.heldRows);
    this.bound();
  }

  /** Raw rows waiting for the database (history queries merge them). */
  *rawRows(): Iterable<RawRow> {
    for (const b of this.queue) yield* b.raw;
  }

  /** Writes every batch in order; on a failure keeps what is left and throws. */
  async drain(db: Queryable): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length) {
        const b = this.queue[0]!;
        while (b.raw.length) {
          const n = Math.min(SLICE, b.raw.length);
          await insertRaw(db, b.raw.slice(0, n));
          this.taken(b.raw.splice(0, n).length);
        }
        while (b.rolls.length) {
          const n = Math.min(SLICE, b.rolls.length);
          await insertRollups(db, b.rolls.slice(0, n));
          this.taken(b.rolls.splice(0, n).length);
        }
        while (b.energy.length) {
          const n = Math.min(SLICE, b.energy.length);
          await upsertEnergy(db, b.energy.slice(0, n), `energy.${b.key}.${b.energyDone}`);
          b.energy.splice(0, n);
          b.energyDone += n;
          this.heldEnergy -= n;
          if (this.outage) this.outage.writtenBack += n;
        }
        this.queue.shift();
        const done = Date.now();
        // lag is measured on the wall clock against the sample time the gateway stamped
        for (const t of b.sampleTs) this.lags.push(done - t);
        if (this.lags.length > 200_000) this.lags.splice(0, this.lags.length - 100_000);
      }
    } catch (e) {
      this.failed(e);
      throw e;
    } finally {
      this.draining = false;
    }
    this.recovered();
  }

  private taken(n: number): void {
    this.heldRows -= n;
    if (this.outage) this.outage.writtenBack += n;
  }

  private failed(e: unknown): void {
    this.dbErrors++;
    if (this.outage) return;
    const now = (this.opts.now ?? Date.now)();
    this.outage = { since: now, err: String(e), heldMax: this.heldRows, writtenBack: 0, droppedAtStart: this.dropped.raw + this.dropped.rollup };
    this.opts.log?.warn(
      { err: String(e), heldRows: this.heldRows, heldEnergyRows: this.heldEnergy },
      'database unreachable: holding telemetry until it returns',
    );
  }

  private recovered(): void {
    const o = this.outage;
    if (!o) return;
    this.outage = null;
    const now = (this.opts.now ?? Date.now)();
    this.opts.log?.info(
      {
        outageSec: Math.round((now - o.since) / 1000),
        heldMaxRows: o.heldMax,
        writtenBackRows: o.writtenBack,
        droppedRows: this.dropped.raw + this.dropped.rollup - o.droppedAtStart,
        firstError: o.err,
      },
      'database back: held telemetry written',
    );
  }

  private bound(): void {
    let over = this.heldRows - this.maxRows;
    for (const kind of ['raw', 'rolls'] as const) {
      // the batch being written stays whole: its slices are removed by position once written
      for (const [i, b] of this.queue.entries()) {
        if (over <= 0) return;
        if (i === 0 && this.draining) continue;
        const n = Math.min(over, b[kind].length);
        if (n === 0) continue;
        b[kind].splice(0, n);
        this.heldRows -= n;
        over -= n;
        if (kind === 'raw') this.dropped.raw += n;
        else this.dropped.rollup += n;
      }
    }
  }
}
