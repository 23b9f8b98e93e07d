import { createHash } from 'node:crypto';

// How the seed plan writes its values: rounded to the precision a real register would hold,
// dates as the database columns take them, serial numbers padded.

export const r2 = (x: number) => Math.round(x * 100) / 100;
export const r3 = (x: number) => Math.round(x * 1000) / 1000;
export const r4 = (x: number) => Math.round(x * 10_000) / 10_000;
export const r5 = (x: number) => Math.round(x * 100_000) / 100_000;
export const r10 = (x: number) => Math.round(x / 10) * 10;
export const pad = (n: number, w: number) => String(n).padStart(w, '0');
export const DAY = 86_400_000;
export const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);
export const iso = (t: number) => new Date(t).toISOString();
/** UTC midnight of the first day of the month `delta` months from `now`'s month */
export const monthStart = (now: Date, delta: number) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + delta, 1);
export const isZh = (s: string) => /[\u3400-\u9fff]/.test(s);
export const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
