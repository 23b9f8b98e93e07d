import type { FleetDeviceType } from '../../protocol/fleet';
import { checkCounters, withoutCounters, type CounterTrack } from './counters';
import type { RejectReason } from './rejections';
import { emptyEnergy, type EnergyRow } from './sql';

// Per-station energy per 15-minute interval, booked from the devices' cumulative counters
// (counters.ts judges each step) and charging sessions, until the telemetry store writes it.

const QUARTER = 900_000;

export class EnergyBook {
  private rows = new Map<string, EnergyRow>();
  private readonly tracks = new Map<number, CounterTrack>();
  private readonly pileState = new Map<number, number | null>();
  private lastTaken = 0;

  constructor(private readonly reject: (reason: RejectReason, stationId: number, detail: string) => void) {}

  /** The station's row of the interval a sample at `ts` closes (an interval ends at its last ms). */
  row(sid: number, ts: number): EnergyRow {
    const bucket = Math.floor((ts - 1) / QUARTER) * QUARTER;
    const key = `${sid}|${bucket}`;
    let e = this.rows.get(key);
    if (!e) this.rows.set(key, (e = emptyEnergy(sid, bucket)));
    return e;
  }

  /**
   * Books the counter increments of a sample and answers what is stored of it: the sample, or
   * with its counters emptied when they are refused.
   */
  count(sid: number, id: number, type: FleetDeviceType, ts: number, v: (number | null)[], s: number | null, ratedKw: number): (number | null)[] {
    if (type === 'charging_pile') {
      if (s === 1 && this.pileState.get(id) === 0) this.row(sid, ts).sessions++;
      this.pileState.set(id, v[0] ?? null);
    }
    const verdict = checkCounters(type, this.tracks, id, { ts, v }, ratedKw);
    if (!verdict.ok) {
      this.reject(verdict.reason, sid, `device ${id}: ${verdict.detail}`);
      return withoutCounters(type, v);
    }
    if (verdict.increments.length) {
      const row = this.row(sid, ts);
      for (const [k, d] of verdict.increments) (row[k] as number) += d;
    }
    return v;
  }

  /** The rows to write: all of them when forced, `everyMs` after the last take, or once an interval closed; else none. */
  take(now: number, force: boolean, everyMs: number): EnergyRow[] {
    const quarterNow = Math.floor((now - 1) / QUARTER) * QUARTER;
    if (!force && now - this.lastTaken < everyMs && ![...this.rows.values()].some((e) => e.bucket < quarterNow)) return [];
    const rows = [...this.rows.values()];
    this.rows = new Map();
    this.lastTaken = now;
    return rows;
  }

  /** Continues untracked devices' counters from stored samples (stations taken over); answers how many. */
  resume(samples: readonly { id: number; ts: number; v: (number | null)[] }[]): number {
    const fresh = samples.filter((x) => !this.tracks.has(x.id));
    for (const x of fresh) this.tracks.set(x.id, { last: { ts: x.ts, v: x.v } });
    return fresh.length;
  }

  /** Forgets these devices' counter tracks (their stations went to another replica). */
  forget(deviceIds: readonly number[]): void {
    for (const id of deviceIds) {
      this.tracks.delete(id);
      this.pileState.delete(id);
    }
  }
}
