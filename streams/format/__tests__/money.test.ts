import { currencyLabel } from '../../../protocol/currency';
import { describe, expect, it } from 'vitest';
import { formatMoney, moneyParts } from '../money';

describe('formatMoney: the provider currency, localised, two decimals', () => {
  it('en names the ISO code, with grouped thousands and two decimals', () => {
    expect(formatMoney(1_453_251.8412, 'USD', 'en')).toBe('1,453,251.84 USD');
    expect(formatMoney(1412.67, 'CNY', 'en')).toBe('1,412.67 CNY');
    expect(formatMoney(5, 'EUR', 'en')).toBe('5.00 EUR');
    expect(formatMoney(-12.345, 'EUR', 'en')).toBe('-12.35 EUR');
  });
  it('zh says 美元 for USD, 元 for CNY and the code for any other currency', () => {
    expect(formatMoney(1_453_251.84, 'CNY', 'zh')).toBe('1,453,251.84 元');
    expect(formatMoney(1_453_251.84, 'USD', 'zh')).toBe('1,453,251.84 美元');
    expect(formatMoney(1_453_251.84, 'EUR', 'zh')).toBe('1,453,251.84 EUR');
    expect(currencyLabel('CNY/USD', 'zh')).toBe('元/美元');
    expect(currencyLabel('CNY/USD', 'en')).toBe('CNY/USD');
  });
  it('a card counts in ten thousands: 10k in en, 万 in zh', () => {
    expect(moneyParts(60_123.4, 'CNY', 'zh', 10_000)).toEqual({ value: '6.01', unit: '万元' });
    expect(moneyParts(60_123.4, 'USD', 'zh', 10_000)).toEqual({ value: '6.01', unit: '万美元' });
    expect(moneyParts(60_123.4, 'EUR', 'zh', 10_000)).toEqual({ value: '6.01', unit: '万 EUR' });
    expect(moneyParts(60_123.4, 'USD', 'en', 10_000)).toEqual({ value: '6.01', unit: '10k USD' });
    expect(formatMoney(1_234_567, 'EUR', 'en', 10_000)).toBe('123.46 10k EUR');
  });
  it('no value is a dash, whatever the currency', () => {
    expect(formatMoney(null, 'USD', 'en')).toBe('-');
    expect(formatMoney(Number.NaN, 'CNY', 'zh')).toBe('-');
    expect(moneyParts(undefined, 'CNY', 'zh', 10_000)).toEqual({ value: '-', unit: '万元' });
  });
});
