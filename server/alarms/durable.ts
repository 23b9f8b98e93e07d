import type { PushBroker } from '../broker/types';
import type { StationCache } from '../cache';
import type { Queryable } from '../db/db';
import type { Registry } from '../registry';
import { committedEarlier } from './committed';
import { publishAlarm, raiseAlarm, recoverAlarm, type AlarmRow } from './store';

// The durable path of alarm raises and recoveries: one queue, in the order the conditions
// changed. Each change is written (retried with a growing pause while the database is away,
// for as long as it takes) and only then pushed, once; the next change waits behind it, so a
// recovery is never stored before its raise. A retry first asks whether the failed attempt
// committed after all (its answer lost with the connection), so nothing is counted twice and
// nothing stored goes unpushed. A failed push is not retried: the alarm is stored, and a console
// catches up on what it missed (queryAlarmsSince) when its push channel returns; a push that is
// not confirmed in time counts as failed, so a broker that went away holds up nobody.

export interface AlarmChange {
  active: boolean;
  stationId: number;
  deviceId: number | null;
  dedupKey: string;
  code: string;
  content: string;
  params: Record<string, unknown>;
  /** when the condition started or cleared */
  time: Date;
}

export interface DurableAlarmDeps {
  db: Queryable;
  broker: PushBroker;
  registry: Registry;
  stationCache: StationCache<unknown>;
  log: { info?(o: object, m: string): void; warn(o: object, m: string): void };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
const PUSH_TIMEOUT_MS = 10_000;
/** how long a shutdown keeps storing the backlog while the database answers */
const CLOSE_DRAIN_MS = 10_000;

export class DurableAlarms {
  private readonly queue: AlarmChange[] = [];
  private running: Promise<void> | null = null;
  /** pushes under way: issued in order, not awaited, so a broker that is away never holds up storing */
  private readonly pushing = new Set<Promise<void>>();
  private closed = false;
  /** shutting down: a failed attempt is not retried */
  private closing = false;
  private failingSince: number | null = null;
  private storedLate = 0;
  /** changes waiting when the database first answered again after an outage */
  private backlog: number | null = null;
  private downMs = 0;
  raised = 0;
  recovered = 0;
  pushed = 0;
  pushFailures = 0;
  dbErrors = 0;

  constructor(
    private readonly s: DurableAlarmDeps,
    /** pause after the n-th failed attempt in a row */
    private readonly backoffMs = (n: number) => Math.min(5_000, 200 * 2 ** n),
  ) {}

  /** changes waiting to be stored */
  get waiting(): number {
    return this.queue.length;
  }

  add(change: AlarmChange): void {
    this.queue.push(change);
    this.running ??= this.run().finally(() => (this.running = null));
  }

  /** Resolves when every change so far is stored and pushed (tests; shutdown). */
  async settled(): Promise<void> {
    while (this.running || this.pushing.size) await Promise.all([this.running, ...this.pushing]);
  }

  /** Stores what is queued while the database answers (for a while), then stops retrying; changes not stored by then are logged as lost. */
  async close(): Promise<void> {
    this.closing = true;
    const stop = setTimeout(() => (this.closed = true), CLOSE_DRAIN_MS);
    while (this.running) await this.running;
    clearTimeout(stop);
    this.closed = true;
    if (this.queue.length)
      this.s.log.warn(
        { lost: this.queue.length, drainMs: CLOSE_DRAIN_MS },
        'alarm changes not stored at shutdown: the database was away or the backlog outlasted the drain',
      );
  }

  private async run(): Promise<void> {
    while (this.queue.length && !this.closed) {
      const change = this.queue[0]!;
      const row = await this.store(change);
      if (row === undefined) return; // shutting down and the database is away: it stays queued, logged as lost
      this.queue.shift();
      if (row) {
        const p = this.push(change, row);
        this.pushing.add(p);
        void p.finally(() => this.pushing.delete(p));
      }
    }
  }

  /** The stored row to push, null when nothing changed (a repeat, nothing open), undefined when closed first. */
  private async store(c: AlarmChange): Promise<AlarmRow | null | undefined> {
    for (let attempt = 0; ; attempt++) {
      try {
        if (attempt > 0) {
          const earlier = await committedEarlier(this.s.db, c);
          if (earlier !== undefined) {
            this.back();
            return earlier;
          }
        }
        const row = c.active
          ? await raiseAlarm(this.s.db, {
              stationId: c.stationId,
              deviceId: c.deviceId,
              ruleCode: c.code,
              content: c.content,
              params: c.params,
              time: c.time,
              dedupKey: c.dedupKey,
            }).then((r) => (r.isNew ? r.row : null))
          : await recoverAlarm(this.s.db, c.dedupKey, c.time);
        this.back();
        return row;
      } catch (e) {
        this.dbErrors++;
        if (this.failingSince === null) {
          this.failingSince = Date.now();
          this.storedLate = 0;
          this.s.log.warn({ err: String(e), waiting: this.queue.length }, 'alarm changes cannot be stored: retrying until the database answers');
        }
        if (this.closed || this.closing) return undefined;
        await sleep(this.backoffMs(attempt));
      }
    }
  }

  private back(): void {
    if (this.failingSince === null) return;
    // what was queued when the database answered again is the outage's backlog; the end is
    // logged once that is written (new changes keep arriving behind it, so the queue may never
    // run empty under load)
    if (this.backlog === null) {
      this.backlog = this.queue.length;
      this.downMs = Date.now() - this.failingSince;
    }
    this.storedLate++;
    if (this.storedLate < this.backlog) return;
    const log = this.s.log.info ?? this.s.log.warn;
    log.call(
      this.s.log,
      {
        outageSec: Math.round(this.downMs / 1000),
        storedLate: this.storedLate,
        writeBackSec: Math.round((Date.now() - this.failingSince - this.downMs) / 1000),
      },
      'alarm changes stored again after a database outage',
    );
    this.failingSince = null;
    this.backlog = null;
  }

  private async push(c: AlarmChange, row: AlarmRow): Promise<void> {
    if (c.active) this.raised++;
    else this.recovered++;
    this.s.stationCache.invalidate(c.stationId);
    try {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>(
        (_, rej) => (timer = setTimeout(() => rej(new Error(`not confirmed within ${PUSH_TIMEOUT_MS} ms`)), PUSH_TIMEOUT_MS).unref()),
      );
      await Promise.race([publishAlarm(this.s.broker, this.s.registry, row), late]).finally(() => clearTimeout(timer));
      this.pushed++;
    } catch (e) {
      this.pushFailures++;
      this.s.log.warn({ err: String(e), alarmId: row.id }, 'alarm stored but not pushed; consoles catch up on reconnect');
    }
  }
}
