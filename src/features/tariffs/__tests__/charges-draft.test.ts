import { describe, expect, it } from 'vitest';
import { chargesFromWire, chargesToWire, newDemand, noCharges } from '../charges-draft';
import { newDraft, serverErrors, validateDraft } from '../draft';

// The editor's demand, capacity and fixed charges and tiered rates: what it refuses before sending (each error at
// the server's path), and what it sends.

const filled = () => {
  const d = newDraft('2026-12-01');
  d.name = 'Two-part';
  d.seasons[0]!.slots.forEach((s) => Object.assign(s, { fromGrid: '0.5', feedIn: '0.1' }));
  return d;
};

describe('tariff charges in the editor', () => {
  it('an energy-only tariff sends no charges', () => {
    expect(validateDraft(filled())).toEqual({});
    expect(chargesToWire(noCharges())).toEqual({});
  });

  it('puts each broken rule at its field', () => {
    const d = filled();
    d.charges = {
      demand: [
        { ...newDemand(), price: '' },
        { ...newDemand(), price: '3.12345', periods: [], ratchetPercent: '120', ratchetMonths: '0' },
      ],
      capacity: 'x',
      fixed: '-1',
      blocks: [
        { from: '100', adder: '0' },
        { from: '', adder: '0.123456' },
        { from: '5000.5', adder: '' },
        { from: '6000', adder: '0.05' },
        { from: '6000', adder: '0.08' },
      ],
      feedId: '',
    };
    expect(validateDraft(d)).toEqual({
      'charges.demand.0.pricePerKw': { code: 'priceRequired' },
      'charges.demand.1.pricePerKw': { code: 'priceFormat' },
      'charges.demand.1.periods': { code: 'periodsRequired' },
      'charges.demand.1.ratchet.percent': { code: 'ratchetPercent' },
      'charges.demand.1.ratchet.months': { code: 'ratchetMonths' },
      'charges.capacityPricePerKva': { code: 'priceFormat' },
      'charges.fixedMonthlyFee': { code: 'priceFormat' },
      'charges.blocks.0.fromKwh': { code: 'firstBlockAtZero' },
      'charges.blocks.1.fromKwh': { code: 'kwhRequired' },
      'charges.blocks.1.adderPerKwh': { code: 'priceFormat' },
      'charges.blocks.2.fromKwh': { code: 'kwhFormat' },
      'charges.blocks.2.adderPerKwh': { code: 'priceRequired' },
      'charges.blocks.4.fromKwh': { code: 'blockOrder' },
    });
  });

  it('sends a two-part tariff as the server stores it, and reads it back unchanged', () => {
    const wire = chargesToWire({
      demand: [{ price: '32.5', window: 30, periods: ['sharp', 'peak'], ratchetPercent: '80', ratchetMonths: '11' }],
      capacity: '21',
      fixed: '150',
      blocks: [
        { from: '0', adder: '0' },
        { from: '5000', adder: '0.05' },
      ],
      feedId: '7',
    });
    expect(wire).toEqual({
      demand: [{ pricePerKw: 32.5, windowMinutes: 30, periods: ['sharp', 'peak'], ratchet: { percent: 80, months: 11 } }],
      capacityPricePerKva: 21,
      fixedMonthlyFee: 150,
      blocks: [
        { fromKwh: 0, adderPerKwh: 0 },
        { fromKwh: 5000, adderPerKwh: 0.05 },
      ],
      dynamic: { feedId: 7 },
    });
    expect(chargesToWire(chargesFromWire(wire))).toEqual(wire);
  });

  it("places the server's charge issues at the same fields", () => {
    expect(
      serverErrors([
        { path: 'charges.demand.0.windowMinutes', issue: 'windowInvalid' },
        { path: 'charges.capacityPricePerKva', issue: 'invalidType' },
        { path: 'charges.demand.0.ratchet.percent', issue: 'ratchetPercent' },
        { path: 'charges.blocks.2.fromKwh', issue: 'blockOrder' },
        { path: 'charges.blocks.0.fromKwh', issue: 'required' },
        { path: 'charges.blocks.1.adderPerKwh', issue: 'tooSmall' },
      ]),
    ).toEqual({
      'charges.demand.0.windowMinutes': { code: 'windowInvalid' },
      'charges.capacityPricePerKva': { code: 'priceFormat' },
      'charges.demand.0.ratchet.percent': { code: 'ratchetPercent' },
      'charges.blocks.2.fromKwh': { code: 'blockOrder' },
      'charges.blocks.0.fromKwh': { code: 'kwhRequired' },
      'charges.blocks.1.adderPerKwh': { code: 'priceFormat' },
    });
  });
});
