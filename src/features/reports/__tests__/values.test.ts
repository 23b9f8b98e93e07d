import { describe, expect, it } from 'vitest';
import { valueText } from '../values';

// A report cell as the screen prints it: thousands grouped in the reader's language, money to
// the cent, energies on the SPEC §9 scale and never 0 for a value that is not zero.
describe('report values on screen', () => {
  const en = { currency: 'USD', lang: 'en' } as const;
  it('groups money, litres and percentages', () => {
    expect(valueText(1_453_251.8412, 'USD', en)).toBe('1,453,251.84');
    expect(valueText(12_345.5, 'L', en)).toBe('12,345.50 L');
    expect(valueText(99.5, '%', en)).toBe('99.50 %');
    expect(valueText(1_453_251.8412, 'CNY', { currency: 'CNY', lang: 'zh' })).toBe('1,453,251.84');
  });
  it('scales energies per cell and never prints a small one as 0', () => {
    expect(valueText(770, 'kWh', en)).toBe('770 kWh');
    expect(valueText(45_440, 'kWh', en)).toBe('45.44 MWh');
    expect(valueText(0.004, 'kWh', en)).toBe('< 0.01 kWh');
    expect(valueText(null, 'kWh', en, undefined, 'No data')).toBe('No data');
  });
});
