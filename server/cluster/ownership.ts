import { LEADER_KEY, type LockBackend } from './locks';

// Which stations this replica handles (docs/deploy.md): stations hash into P partitions, each
// held by one live replica through a lock (locks.ts). Every heartbeat a replica counts the live
// replicas, gives back partitions above its fair share (ceil(P / replicas)) and takes free ones
// up to it, so a joining replica receives its share and a dead one's partitions are taken over
// within one heartbeat of its connection closing. A partition is given back only after the
// `release` listeners ran (the fleet writes what it counted), and handed to the `acquire`
// listeners after the lock is held (the fleet resumes from the stored counters). The leader
// key makes one replica run the jobs that must run once (simulated fleet, retention, reports).

export const DEFAULT_PARTITIONS = 32;

/** A well-mixed partition of a station id, stable across replicas and releases. */
export const partitionOf = (stationId: number, partitions: number): number => (Math.imul(stationId >>> 0, 0x9e3779b1) >>> 0) % partitions;

/** The most partitions one replica keeps while `members` replicas live. */
export const fairShare = (partitions: number, members: number): number => Math.ceil(partitions / Math.max(1, members));

export interface OwnershipListener {
  /** before the partitions count as owned; `first` on the start-up round (a restart, not a takeover) */
  acquired?(partitions: number[], first: boolean): Promise<void>;
  released?(partitions: number[]): Promise<void>;
  leading?(lead: boolean): Promise<void>;
}

export interface OwnershipLog {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
}

export interface OwnershipOptions {
  locks: LockBackend;
  partitions?: number;
  heartbeatMs?: number;
  log?: OwnershipLog;
}

export class Ownership {
  readonly partitions: number;
  private readonly mine = new Set<number>();
  private leader = false;
  private readonly listeners: OwnershipListener[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  private first = true;
  /** live replicas at the last heartbeat */
  members = 1;

  constructor(private readonly o: OwnershipOptions) {
    this.partitions = o.partitions ?? DEFAULT_PARTITIONS;
  }

  get shared(): boolean {
    return this.o.locks.kind === 'advisory';
  }

  /** The ownership connection stands (readiness). */
  get active(): boolean {
    return this.o.locks.connected;
  }

  owns(stationId: number): boolean {
    return this.mine.has(partitionOf(stationId, this.partitions));
  }

  ownsPartition(p: number): boolean {
    return this.mine.has(p);
  }

  leads(): boolean {
    return this.leader;
  }

  /** Partitions held now, ascending. */
  held(): number[] {
    return [...this.mine].sort((a, b) => a - b);
  }

  listen(l: OwnershipListener): void {
    this.listeners.push(l);
  }

  /** Joins and takes a first share before answering; then keeps balancing every heartbeat. */
  async start(): Promise<void> {
    await this.beat();
    this.first = false;
    const ms = this.o.heartbeatMs ?? 2_000;
    this.timer = setInterval(() => void this.beat(), ms);
    this.timer.unref();
  }

  /** One balancing round (the timer calls it; tests too). Rounds never overlap. */
  beat(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.round()
      .catch((e: unknown) => this.o.log?.warn({ err: String(e) }, 'station ownership round failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async round(): Promise<void> {
    if (this.closed) return;
    const locks = this.o.locks;
    if (!locks.connected) {
      // Locks live with the connection: after it broke, keep only what can be locked again.
      // Until then the partitions stay in use (a database outage stops every replica alike).
      await locks.connect();
      const lost: number[] = [];
      for (const p of this.held()) if (!(await locks.tryLock(p))) lost.push(p);
      if (lost.length) await this.giveUp(lost, false);
      if (this.leader && !(await locks.tryLock(LEADER_KEY))) await this.setLeader(false);
      this.o.log?.info({ partitions: this.mine.size, lost: lost.length }, 'station ownership reconnected');
    }
    this.members = await locks.members();
    const share = fairShare(this.partitions, this.members);
    if (this.mine.size > share) await this.giveUp(this.held().slice(share), true);
    if (this.mine.size < share) {
      const taken = await locks.taken();
      const got: number[] = [];
      for (let p = 0; p < this.partitions && this.mine.size + got.length < share; p++) {
        if (this.mine.has(p) || taken.has(p)) continue;
        if (await locks.tryLock(p)) got.push(p);
      }
      if (got.length) {
        await this.tell((l) => l.acquired?.(got, this.first), 'taking over stations failed');
        for (const p of got) this.mine.add(p);
        if (this.shared) this.o.log?.info({ taken: got.length, held: this.mine.size, replicas: this.members }, 'station partitions taken');
      }
    }
    if (!this.leader && (await locks.tryLock(LEADER_KEY))) await this.setLeader(true);
  }

  /** Stops handling the partitions, lets the listeners finish their work, then unlocks (when `unlock`). */
  private async giveUp(ps: number[], unlock: boolean): Promise<void> {
    for (const p of ps) this.mine.delete(p);
    await this.tell((l) => l.released?.(ps), 'handing over stations failed');
    if (unlock) for (const p of ps) await this.o.locks.unlock(p);
    this.o.log?.info({ released: ps.length, held: this.mine.size }, 'station partitions handed over');
  }

  private async setLeader(lead: boolean): Promise<void> {
    this.leader = lead;
    await this.tell((l) => l.leading?.(lead), 'leader change failed');
  }

  private async tell(call: (l: OwnershipListener) => Promise<void> | undefined, failure: string): Promise<void> {
    for (const l of this.listeners) await Promise.resolve(call(l)).catch((e: unknown) => this.o.log?.warn({ err: String(e) }, failure));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.o.locks.end();
  }
}
