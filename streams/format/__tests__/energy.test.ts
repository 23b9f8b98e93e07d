import { describe, expect, it } from 'vitest';
import { energyParts, formatEnergy, formatPower } from '../energy';

describe('formatEnergy (SPEC §9 energy unit scale)', () => {
  it('keeps kWh below 1,000', () => {
    expect(formatEnergy(999.99)).toBe('999.99 kWh');
    expect(formatEnergy(0)).toBe('0 kWh');
    expect(formatEnergy(12.5)).toBe('12.5 kWh');
  });
  it('switches to MWh with 2 decimals at 1,000', () => {
    expect(formatEnergy(1000)).toBe('1.00 MWh');
    expect(formatEnergy(1234.567)).toBe('1.23 MWh');
  });
  it('stays in MWh just below 1e6 without rounding up to 1000.00', () => {
    expect(formatEnergy(999_999)).toBe('999.99 MWh');
  });
  it('switches to GWh at 1e6', () => {
    expect(formatEnergy(1e6)).toBe('1.00 GWh');
    expect(energyParts(2.5e9)).toEqual({ value: '2500.00', unit: 'GWh' });
  });
  it('scales by magnitude for negatives and gives a dash for missing values', () => {
    expect(formatEnergy(-1500)).toBe('-1.50 MWh');
    expect(formatEnergy(null)).toBe('-');
    expect(formatEnergy(Number.NaN)).toBe('-');
  });
  it('never prints a value that is not zero as 0', () => {
    expect(formatEnergy(0.004)).toBe('< 0.01 kWh');
    expect(formatEnergy(-0.004)).toBe('> -0.01 kWh');
    expect(formatEnergy(0.01)).toBe('0.01 kWh');
  });
  it('formats power on the same scale', () => {
    expect(formatPower(999)).toBe('999 kW');
    expect(formatPower(2500)).toBe('2.50 MW');
  });
});
