import { describe, expect, it } from 'vitest';
import { numberFormat } from '../numberFormat';

describe('numberFormat', () => {
  it('groups thousands and rounds to the precision asked, in the locale asked', () => {
    expect(numberFormat(2, 'en-US').format(40000.456)).toBe('40,000.46');
    expect(numberFormat(0, 'en-US').format(1234.5)).toBe('1,235');
    expect(numberFormat(3, 'de-DE').format(1234.5)).toBe('1.234,5');
  });

  it('builds one formatter per locale and precision and hands it out again', () => {
    expect(numberFormat(2, 'en-US')).toBe(numberFormat(2, 'en-US'));
    expect(numberFormat(2, 'en-US')).not.toBe(numberFormat(3, 'en-US'));
    expect(numberFormat(2, 'en-US')).not.toBe(numberFormat(2, 'zh-CN'));
  });
});
