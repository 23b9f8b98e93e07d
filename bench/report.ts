/** One figure, one JSON line on stdout. */
export const report = (name: string, value: number, unit: string): void => {
  console.log(JSON.stringify({ name, value: Math.round(value * 1000) / 1000, unit }));
};
export const log = (...a: unknown[]): void => console.error(...a);
export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
export const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
