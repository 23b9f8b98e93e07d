import { describe, expect, it } from 'vitest';
import { costPerKwh, localMs, localText, validateOil } from '../oil';

const zone = 'Asia/Shanghai';
const rec = (start: string, end: string) => ({
  oilPriceId: 7,
  stationId: 1,
  startTime: start,
  endTime: end,
  status: 'pending' as const,
  pricePerLitre: 1.2,
  kwhPerLitre: 3.5,
});

describe('fuel price form', () => {
  it('reads the window in the station zone', () => {
    expect(new Date(localMs(zone, '2026-12-01T08:00')!).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(localText(zone, Date.parse('2026-12-01T00:00:00Z'))).toBe('2026-12-01T08:00');
    expect(costPerKwh({ pricePerLitre: 1.2, kwhPerLitre: 3.5 })).toBe('0.3429');
  });

  it('names a missing value, a bad number, an end before the start and an overlap at their fields', () => {
    expect(validateOil(zone, { start: '', end: '2026-12-01T08:00', price: '', kwh: '3.12345' }, [])).toEqual({
      start: { code: 'required' },
      price: { code: 'required' },
      kwh: { code: 'number' },
    });
    expect(validateOil(zone, { start: '2026-12-02T08:00', end: '2026-12-01T08:00', price: '1', kwh: '3' }, [])).toEqual({ end: { code: 'endBeforeStart' } });
    const other = rec('2026-12-01T00:00:00Z', '2026-12-10T00:00:00Z');
    expect(validateOil(zone, { start: '2026-12-05T08:00', end: '2026-12-20T08:00', price: '1', kwh: '3' }, [other]).start?.code).toBe('overlap');
    expect(validateOil(zone, { start: '2026-11-20T08:00', end: '2026-12-05T08:00', price: '1', kwh: '3' }, [other]).end?.code).toBe('overlap');
    // adjacent windows are fine (half-open)
    expect(validateOil(zone, { start: '2026-12-10T08:00', end: '2026-12-20T08:00', price: '1', kwh: '3' }, [other])).toEqual({});
  });
});
