import { describe, expect, it } from 'vitest';
import { axisWidth, groupedNumber } from '../axisLabels';

describe('value-axis labels', () => {
  it('group thousands by locale', () => {
    expect(groupedNumber('en-GB')(40000)).toBe('40,000');
    expect(groupedNumber('zh-CN')(40000)).toBe('40,000');
    expect(groupedNumber('fr-FR')(40000)).toMatch(/^40\s000$/u);
    expect(groupedNumber('en-GB')(2.5)).toBe('2.5');
  });
  it('make the axis as wide as its widest label', () => {
    const measure = (s: string) => s.length * 7;
    const narrow = axisWidth(measure, ['0', '10', '20']);
    const wide = axisWidth(measure, ['0', '20,000', '40,000']);
    expect(wide - narrow).toBe(7 * 4);
    expect(wide).toBeGreaterThan(6 * 7);
  });
});
