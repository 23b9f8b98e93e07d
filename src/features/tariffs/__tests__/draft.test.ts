import { describe, expect, it } from 'vitest';
import { fromWire, newDraft, serverErrors, toWire, validateDraft, type TariffDraft } from '../draft';
import { tariffDiff } from '../diff';

const priced = (d: TariffDraft): TariffDraft => ({
  ...d,
  name: 'Summer',
  seasons: d.seasons.map((s) => ({ ...s, slots: s.slots.map((x) => ({ ...x, fromGrid: '0.1234', feedIn: '0.05' })) })),
});

describe('tariff draft', () => {
  it('asks for a name, the prices and 12 months before sending', () => {
    const d = newDraft('2026-12-01');
    expect(validateDraft(d)).toEqual({
      name: { code: 'nameRequired' },
      'seasons.0.slots.0.fromGridPrice': { code: 'priceRequired' },
      'seasons.0.slots.0.feedInPrice': { code: 'priceRequired' },
    });
    expect(validateDraft({ ...d, name: '' }, { template: true }).name).toEqual({ code: 'templateNameRequired' });
    const ok = priced(d);
    expect(validateDraft(ok)).toEqual({});
    expect(validateDraft({ ...ok, seasons: [{ ...ok.seasons[0]!, months: [1, 2, 3] }] }).seasons).toEqual({ code: 'monthsIncomplete' });
  });

  it('refuses a fifth decimal and text as a price', () => {
    const d = priced(newDraft('2026-12-01'));
    const slot = d.seasons[0]!.slots[0]!;
    const bad = { ...d, seasons: [{ ...d.seasons[0]!, slots: [{ ...slot, fromGrid: '0.12345', feedIn: 'abc' }] }] };
    expect(validateDraft(bad)).toEqual({
      'seasons.0.slots.0.fromGridPrice': { code: 'priceFormat' },
      'seasons.0.slots.0.feedInPrice': { code: 'priceFormat' },
    });
  });

  it('puts a slot ending before its start at that slot and a gap at the line', () => {
    const d = priced(newDraft('2026-12-01'));
    const slot = d.seasons[0]!.slots[0]!;
    const inverted = { ...d, seasons: [{ ...d.seasons[0]!, slots: [{ ...slot, end: 0 }] }] };
    expect(validateDraft(inverted)['seasons.0.slots.0.time']).toEqual({ code: 'timeError' });
    const gap = { ...d, seasons: [{ ...d.seasons[0]!, slots: [{ ...slot, end: 600 }] }] };
    expect(validateDraft(gap)['seasons.0.slots']).toEqual({ code: 'hoursIncomplete' });
  });

  it('round-trips through the wire shape and maps server issues to the same fields', () => {
    const d = priced(newDraft('2026-12-01'));
    const wire = toWire(d);
    expect(wire[0]!.slots[0]).toEqual({ start: '00:00', end: '24:00', period: 'flat', fromGridPrice: 0.1234, feedInPrice: 0.05 });
    expect(fromWire(wire)).toEqual(d.seasons);
    expect(
      serverErrors([
        { path: 'seasons.0.slots.1.feedInPrice', issue: 'priceFormat' },
        { path: 'seasons', issue: 'monthsIncomplete' },
        { path: 'effectiveDate', issue: 'pastDate', limit: '2026-11-23' },
        { path: 'seasons.1.slots', issue: 'hoursIncomplete' },
      ]),
    ).toEqual({
      'seasons.0.slots.1.feedInPrice': { code: 'priceFormat' },
      seasons: { code: 'monthsIncomplete' },
      effectiveDate: { code: 'pastDate', limit: '2026-11-23' },
      'seasons.1.slots': { code: 'hoursIncomplete' },
    });
  });
});

describe('tariff diff', () => {
  const slot = (start: string, end: string, period: string, g: number) => ({ start, end, period: period as 'flat', fromGridPrice: g, feedInPrice: 0.05 });
  it('names the stretches whose period or price changed, months with one change together', () => {
    const before = [{ months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], slots: [slot('00:00', '08:00', 'valley', 0.1), slot('08:00', '24:00', 'peak', 0.3)] }];
    const after = [
      { months: [1, 2, 3, 4, 5, 6], slots: [slot('00:00', '08:00', 'valley', 0.1), slot('08:00', '24:00', 'peak', 0.3)] },
      { months: [7, 8, 9, 10, 11, 12], slots: [slot('00:00', '07:00', 'valley', 0.1), slot('07:00', '24:00', 'peak', 0.35)] },
    ];
    expect(tariffDiff(before, after)).toEqual([
      {
        months: [7, 8, 9, 10, 11, 12],
        ranges: [
          {
            start: '07:00',
            end: '08:00',
            before: { period: 'valley', fromGridPrice: 0.1, feedInPrice: 0.05 },
            after: { period: 'peak', fromGridPrice: 0.35, feedInPrice: 0.05 },
          },
          {
            start: '08:00',
            end: '24:00',
            before: { period: 'peak', fromGridPrice: 0.3, feedInPrice: 0.05 },
            after: { period: 'peak', fromGridPrice: 0.35, feedInPrice: 0.05 },
          },
        ],
      },
    ]);
    expect(tariffDiff(before, before)).toEqual([]);
  });
});
