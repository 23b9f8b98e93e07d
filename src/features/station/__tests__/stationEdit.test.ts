import { describe, expect, it } from 'vitest';
import { checkStation, toRequest, type StationDraft } from '../overview/StationEditDialog';

const before: StationDraft = { stationName: 'Harbour', address: 'Quay 1', voltageLevel: '10 kV', operationDate: '2025-08-29', cardType: 1, capacityKva: '' };

describe('the station edit form', () => {
  it('refuses at its field what the server refuses: empty or long texts, a bad date, a capacity with three decimals, below 0 or above 10,000,000', () => {
    expect(checkStation(before)).toEqual({});
    expect(checkStation({ ...before, stationName: '  ', address: 'x'.repeat(301), operationDate: '2025-02-30', capacityKva: '12.345' })).toEqual({
      stationName: { issue: 'required' },
      address: { issue: 'tooLong', limit: 300 },
      operationDate: { issue: 'date' },
      capacityKva: { issue: 'capacity' },
    });
    for (const capacityKva of ['-3', '10000000.01', 'abc']) expect(checkStation({ ...before, capacityKva }).capacityKva).toEqual({ issue: 'capacity' });
    for (const capacityKva of ['1250.5', '0', '10000000', '']) expect(checkStation({ ...before, capacityKva })).toEqual({});
  });

  it('sends only what changed, trimmed; an emptied capacity as 0, which clears it', () => {
    expect(toRequest(7, before, { ...before, stationName: ' Riverside ', capacityKva: '1250.5' })).toEqual({
      stationId: 7,
      stationName: 'Riverside',
      capacityKva: 1250.5,
    });
    expect(toRequest(7, { ...before, capacityKva: '80' }, { ...before, capacityKva: ' ' })).toEqual({ stationId: 7, capacityKva: 0 });
    expect(toRequest(7, before, { ...before, cardType: 3 })).toEqual({ stationId: 7, cardType: 3 });
    expect(toRequest(7, before, before)).toEqual({ stationId: 7 });
  });
});
