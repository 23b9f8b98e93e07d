// Diesel generator controller as a state machine over the 15 states of SPEC §4 (codes 0-14,
// protocol/fleet.ts GENERATOR_STATES). A start runs preheating → fuel burn (fuel solenoid on)
// → startup (cranking) → safe operation (protections armed after firing) → boot-up idle →
// warming → loading (breaker closed, ramp) → normal operation. A stop unloads into cooling,
// idles (stall idle), cuts the fuel (de-energised stop) and waits for the engine to stand
// still; an engine that does not stop in time is a shutdown failure, retried. A crank that
// does not fire waits in the startup interval and retries; after three tries the start is
// abandoned through a de-energised stop. Time advances in arbitrary steps: `advance` walks
// through as many states as the step covers, so a 5 s live tick and a 60 s backfill step
// take the same transitions.

export type GenState = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14;

/** Every allowed transition (from → to). Tests check that nothing else ever happens. */
export const GEN_TRANSITIONS: Readonly<Record<GenState, readonly GenState[]>> = {
  0: [1],
  1: [2, 0], // preheat done; start withdrawn
  2: [3, 0],
  3: [5, 4], // fired; did not fire
  4: [3, 12], // retry crank; give up
  5: [6, 12], // protections armed; trip
  6: [7, 12],
  7: [8, 10], // warm: close breaker; stop requested before loading
  8: [9, 10], // ramp done; stop while loading
  9: [10], // stop requested: unload
  10: [11, 8], // cooled down; start requested again during cooling: reload
  11: [12],
  12: [13],
  13: [0, 14], // stood still; did not stop in time
  14: [12], // retry stop
};

/** Seconds each timed state lasts (loading: ramp time). */
const DURATION: Partial<Record<GenState, number>> = {
  1: 10,
  2: 2,
  3: 6,
  4: 10,
  5: 8,
  6: 12,
  7: 30,
  8: 15,
  10: 180,
  11: 10,
  12: 3,
  13: 10,
  14: 20,
};
/** States where the engine turns without load (idle fuel). */
export const IDLE_STATES: ReadonlySet<GenState> = new Set<GenState>([5, 6, 7, 10, 11]);
/** States delivering power (loading ramps up). */
export const ONLINE_STATES: ReadonlySet<GenState> = new Set<GenState>([8, 9]);

export interface GenParams {
  startDelaySec?: number;
  cooldownSec?: number;
  /** deterministic outcome of each crank: true = fires (hash of start count) */
  crankFires: (attempt: number, startNo: number) => boolean;
  /** does the engine stop in time on this stop? */
  stopsInTime: (stopNo: number) => boolean;
}

export interface GenStep {
  /** seconds of this step spent delivering power (states 8-9; loading counts half) */
  onlineSec: number;
  /** seconds spent turning without load */
  idleSec: number;
  transitions: [GenState, GenState][];
}

export class GeneratorSM {
  state: GenState = 0;
  /** seconds spent in the current state */
  inState = 0;
  private attempts = 0;
  private starts = 0;
  private stops = 0;
  constructor(private readonly p: GenParams) {}

  private duration(s: GenState): number {
    if (s === 1) return this.p.startDelaySec ?? DURATION[1]!;
    if (s === 10) return this.p.cooldownSec ?? DURATION[10]!;
    return DURATION[s] ?? Infinity;
  }

  private go(to: GenState, out: [GenState, GenState][]): void {
    if (!GEN_TRANSITIONS[this.state].includes(to)) throw new Error(`illegal generator transition ${this.state} → ${to}`);
    out.push([this.state, to]);
    this.state = to;
    this.inState = 0;
  }

  /** Decision at the end of a timed state, or on a change of `run` in an untimed one. */
  private next(run: boolean, timedOut: boolean, out: [GenState, GenState][]): boolean {
    const s = this.state;
    switch (s) {
      case 0:
        if (run) {
          this.starts++;
          this.attempts = 0;
          this.go(1, out);
          return true;
        }
        return false;
      case 1:
      case 2:
        if (!run) return (this.go(0, out), true);
        if (timedOut) return (this.go(s === 1 ? 2 : 3, out), true);
        return false;
      case 3:
        if (!timedOut) return false;
        this.attempts++;
        this.go(this.p.crankFires(this.attempts, this.starts) ? 5 : 4, out);
        return true;
      case 4:
        if (!timedOut) return false;
        this.go(this.attempts >= 3 || !run ? 12 : 3, out);
        return true;
      case 5:
      case 6:
        if (timedOut) return (this.go((s + 1) as GenState, out), true);
        return false;
      case 7:
        if (!timedOut) return false;
        this.go(run ? 8 : 10, out);
        return true;
      case 8:
        if (!run) return (this.go(10, out), true);
        if (timedOut) return (this.go(9, out), true);
        return false;
      case 9:
        if (!run) return (this.go(10, out), true);
        return false;
      case 10:
        if (run) return (this.go(8, out), true);
        if (timedOut) return (this.go(11, out), true);
        return false;
      case 11:
        if (timedOut) return (this.go(12, out), true);
        return false;
      case 12:
        if (timedOut) {
          this.stops++;
          this.go(13, out);
          return true;
        }
        return false;
      case 13:
        if (timedOut) return (this.go(this.p.stopsInTime(this.stops) ? 0 : 14, out), true);
        return false;
      case 14:
        if (timedOut) return (this.go(12, out), true);
        return false;
    }
  }

  /** Advances `dt` seconds with the start/run request `run`. */
  advance(dt: number, run: boolean): GenStep {
    const out: [GenState, GenState][] = [];
    let left = dt;
    let onlineSec = 0;
    let idleSec = 0;
    for (let guard = 0; guard < 64; guard++) {
      // immediate decisions (run changed) before time passes
      if (this.next(run, false, out)) continue;
      const remaining = this.duration(this.state) - this.inState;
      const slice = Math.min(left, remaining);
      if (ONLINE_STATES.has(this.state)) onlineSec += this.state === 8 ? slice * 0.5 : slice;
      else if (IDLE_STATES.has(this.state)) idleSec += slice;
      this.inState += slice;
      left -= slice;
      if (this.inState >= this.duration(this.state) - 1e-9) this.next(run, true, out);
      if (left <= 1e-9) break;
    }
    return { onlineSec, idleSec, transitions: out };
  }
}
