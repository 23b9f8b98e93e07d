// Telemetry refused at ingest, counted by reason (metrics) and logged at a bounded rate: a
// gateway sending garbage every second must not flood the log, and a lone bad frame must
// still leave a line naming the gateway and the reason.

export const REJECT_REASONS = [
  'oversized',
  'invalidJson',
  'schema',
  'foreignStation',
  'foreignDevice',
  'pointCount',
  'future',
  'tooOld',
  'outOfOrder',
  'counterBackwards',
  'counterJump',
  'outOfBounds',
  // a gateway's status or command acknowledgement that is JSON but not of its schema
  'statusSchema',
  'ackSchema',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export interface RejectLog {
  warn(o: object, m: string): void;
}

export interface RejectionsOptions {
  clock: () => number;
  log?: RejectLog;
  /** log lines per minute at most; the rest are counted and reported with the next line */
  linesPerMinute?: number;
}

export class Rejections {
  readonly byReason = new Map<RejectReason, number>(REJECT_REASONS.map((r) => [r, 0]));
  total = 0;
  private windowStart = -Infinity;
  private linesInWindow = 0;
  private unlogged = 0;

  constructor(private readonly opts: RejectionsOptions) {}

  /** Counts one refused frame (or device sample) of a station's gateway; logs it if the rate allows. */
  note(reason: RejectReason, stationId: number | null, detail?: string): void {
    this.total++;
    this.byReason.set(reason, (this.byReason.get(reason) ?? 0) + 1);
    const log = this.opts.log;
    if (!log) return;
    const now = this.opts.clock();
    if (now - this.windowStart >= 60_000) {
      this.windowStart = now;
      this.linesInWindow = 0;
    }
    if (this.linesInWindow >= (this.opts.linesPerMinute ?? 20)) {
      this.unlogged++;
      return;
    }
    this.linesInWindow++;
    const gateway = stationId === null ? null : `gw-${stationId}`;
    log.warn({ gateway, reason, detail, ...(this.unlogged ? { unloggedBefore: this.unlogged } : {}) }, 'gateway message refused');
    this.unlogged = 0;
  }
}
