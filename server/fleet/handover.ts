import type { GatewayReason } from '../../protocol/codes';
import type { OwnershipListener, Ownership } from '../cluster/ownership';
import { partitionOf } from '../cluster/ownership';
import type { Db } from '../db/db';
import type { Registry } from '../registry';
import type { TelemetryStore } from '../telemetry/store';
import { closeCommand, overdueCommands, refOfCmdId, type Outcome } from './command-records';
import type { AlarmRules } from './rules';

// The fleet's side of station ownership (docs/deploy.md). Taking stations over from another
// replica: counting resumes from the counters it stored (no interval counted twice or skipped),
// the alarms it left open are this replica's to count and recover, and its commands are closed
// here: from acknowledgements that arrived before the takeover, or as failed once overdue.
// Handing stations over: what was counted is written before the lock is given back, then the
// stations' tracks are forgotten. A start-up round is a restart, not a takeover: as before.

/** A stored counter sample older than this is not continued from (a gap the backfill fills). */
const RESUME_WINDOW_MS = 10 * 60_000;
/** Acknowledgements of stations owned elsewhere are remembered this long, for a takeover. */
const ACK_MEMORY_MS = 60_000;
/** The owner fails a command this long after the sender's own timeout would have. */
const OVERDUE_GRACE_MS = 2_000;

export interface HandoverDeps {
  db: Db;
  clock: () => number;
  registry: Registry;
  store: TelemetryStore;
  rules: AlarmRules;
  commandTimeoutMs: number;
  /** a station's record changed (mode switch closed) */
  changed(stationId: number): void;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

export class Handover implements OwnershipListener {
  private readonly acks = new Map<string, { stationId: number; r: Outcome; seen: number }>();

  constructor(
    private readonly s: HandoverDeps,
    private readonly ownership: Ownership,
  ) {}

  stationsIn(partitions: readonly number[]): number[] {
    const ps = new Set(partitions);
    return [...this.s.registry.stations.keys()].filter((id) => ps.has(partitionOf(id, this.ownership.partitions)));
  }

  owned(): number[] {
    return [...this.s.registry.stations.keys()].filter((id) => this.ownership.owns(id));
  }

  async acquired(partitions: number[], first: boolean): Promise<void> {
    if (first) return;
    const ids = this.stationsIn(partitions);
    if (ids.length === 0) return;
    const devices = ids.flatMap((id) => this.s.store.stationDevices.get(id) ?? []);
    const samples = await this.s.db.query<{ id: number; ts: number; v: (number | null)[] }>(
      `SELECT d.id, (extract(epoch FROM r.ts) * 1000)::float8 AS ts, r.v
       FROM unnest($1::int[]) AS d(id)
       CROSS JOIN LATERAL (SELECT ts, v FROM telemetry_raw WHERE device_id = d.id AND ts >= to_timestamp($2 / 1000.0) ORDER BY ts DESC LIMIT 1) r`,
      [devices, this.s.clock() - RESUME_WINDOW_MS],
    );
    const resumed = this.s.store.resumeCounters(samples);
    const open = await this.s.db.query<{ dedupKey: string; stationId: number }>(
      'SELECT dedup_key AS "dedupKey", station_id AS "stationId" FROM alarms WHERE status = 1 AND station_id = ANY($1::int[])',
      [ids],
    );
    this.s.rules.adopt(open);
    const mine = new Set(ids);
    let acked = 0;
    for (const [cmdId, a] of this.acks) {
      if (!mine.has(a.stationId)) continue;
      this.acks.delete(cmdId);
      if (await this.close(cmdId, a.r)) acked++;
    }
    const failed = await this.failOverdue(ids);
    this.s.log.info({ stations: ids.length, devices: resumed, openAlarms: open.length, acked, failed }, 'stations taken over');
  }

  async released(partitions: number[]): Promise<void> {
    const ids = this.stationsIn(partitions);
    // what was counted is stored before another replica continues from the stored counters
    await this.s.store.flush(this.s.db, { energy: true });
    this.s.store.forgetCounters(ids);
    this.s.rules.forget(ids);
  }

  /** An acknowledgement no local command waited for: closed here when owned, else remembered. */
  onAck(stationId: number, cmdId: string, r: Outcome): void {
    if (this.ownership.owns(stationId)) {
      void this.close(cmdId, r).catch((e: unknown) => this.s.log.warn({ err: String(e), cmdId }, 'recording a command result failed'));
      return;
    }
    const now = this.s.clock();
    for (const [k, a] of this.acks) if (now - a.seen > ACK_MEMORY_MS || this.acks.size > 10_000) this.acks.delete(k);
    this.acks.set(cmdId, { stationId, r, seen: now });
  }

  private async close(cmdId: string, r: Outcome): Promise<boolean> {
    const ref = refOfCmdId(cmdId);
    if (!ref) return false;
    const stationId = await closeCommand(this.s.db, ref, r);
    if (stationId !== null) this.s.changed(stationId);
    return stationId !== null;
  }

  /** Fails the owned stations' commands nobody answered in time; answers how many. */
  async failOverdue(ids: readonly number[] = this.owned()): Promise<number> {
    const now = this.s.clock();
    const refs = await overdueCommands(this.s.db, ids, new Date(now - this.s.commandTimeoutMs - OVERDUE_GRACE_MS));
    let n = 0;
    for (const ref of refs) {
      const sid = await closeCommand(this.s.db, ref, { ok: false, reason: 'ackTimeout' satisfies GatewayReason, at: new Date(now) });
      if (sid !== null) {
        this.s.changed(sid);
        n++;
      }
    }
    return n;
  }
}
