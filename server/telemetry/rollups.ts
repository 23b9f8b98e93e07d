import type { RollupRow } from './sql';

// Rollups folded incrementally as samples arrive: a sample folds into its minute; a closed
// minute folds into its quarter, a closed quarter into its day. Closed buckets wait in `out`
// until the store takes them for writing.

export const RESOLUTIONS = [60, 900, 86_400] as const;

interface Acc {
  bucket: number;
  n: number;
  mn: Float64Array;
  mx: Float64Array;
  sum: Float64Array;
}
const newAcc = (bucket: number, p: number): Acc => ({
  bucket,
  n: 0,
  mn: new Float64Array(p).fill(Infinity),
  mx: new Float64Array(p).fill(-Infinity),
  sum: new Float64Array(p),
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

export class RollupFolder {
  private readonly acc = new Map<number, (Acc | null)[]>();
  private out: RollupRow[] = [];

  /** Up to `cap` closed rollups, oldest first. */
  take(cap: number): RollupRow[] {
    if (this.out.length <= cap) {
      const all = this.out;
      this.out = [];
      return all;
    }
    const some = this.out.slice(0, cap);
    this.out = this.out.slice(cap);
    return some;
  }

  fold(id: number, ts: number, v: readonly (number | null)[]): void {
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
    this.out.push(accRow(id, RESOLUTIONS[lvl]!, a));
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
}
