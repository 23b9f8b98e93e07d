// "Full jitter" exponential backoff (AWS Architecture Blog, 2015): sleep = random(0, min(cap, base·2^n)).
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}
export const fullJitter = (attempt: number, p: BackoffPolicy, random: () => number = Math.random): number =>
  Math.floor(random() * Math.min(p.capMs, p.baseMs * 2 ** Math.min(attempt, 30)));
