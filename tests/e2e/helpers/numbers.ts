import { expect } from 'vitest';

/** A printed number (thousands already ungrouped) is the answer rounded to the printed decimals.
 *  The console rounds the number as written (17.145 → 17.15, as a spreadsheet does) while
 *  `toFixed` rounds its binary value (17.145 → 17.14), so a tie may print either way: within
 *  half a last digit is the same figure. */
export function expectRounded(printed: string, answer: number, what: string): void {
  expect(printed, `${what}: a plain number`).toMatch(/^-?\d+(\.\d+)?$/);
  const decimals = printed.split('.')[1]?.length ?? 0;
  expect(Math.abs(Number(printed) - answer), `${what}: ${printed} vs ${answer}`).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
}
