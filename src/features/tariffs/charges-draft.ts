// A tariff version's demand, capacity and fixed charges as the editor holds them: numbers as
// typed text, a demand charge's periods null for "all hours". The checks are the server's
// (protocol/actions/tariff-charges.ts), run before sending, their errors at the same paths.
import type { Period } from '../../../protocol/codes';
import type { Tariff } from '../../../streams/tariffs/reads';

export type WireCharges = Tariff['charges'];
export type DemandWindow = 15 | 30 | 60;
export interface DemandDraft {
  price: string;
  window: DemandWindow;
  /** null: every window counts; otherwise only windows starting in these periods */
  periods: Period[] | null;
  ratchetPercent: string;
  ratchetMonths: string;
}
export interface ChargesDraft {
  demand: DemandDraft[];
  capacity: string;
  fixed: string;
}

export const noCharges = (): ChargesDraft => ({ demand: [], capacity: '', fixed: '' });
export const newDemand = (): DemandDraft => ({ price: '', window: 15, periods: null, ratchetPercent: '', ratchetMonths: '' });

const PRICE = /^\d{1,6}(\.\d{1,4})?$/;
const priceIssue = (text: string, optional: boolean) =>
  text.trim() === '' ? (optional ? null : 'priceRequired') : PRICE.test(text.trim()) ? null : 'priceFormat';
const wholeIn = (text: string, lo: number, hi: number) => /^\d+$/.test(text.trim()) && Number(text) >= lo && Number(text) <= hi;

export type ChargeErrorCode = 'priceRequired' | 'priceFormat' | 'periodsRequired' | 'ratchetPercent' | 'ratchetMonths';

/** The broken rules by field path (the editor's error paths are the server's). */
export function validateCharges(c: ChargesDraft): Record<string, { code: ChargeErrorCode }> {
  const errors: Record<string, { code: ChargeErrorCode }> = {};
  c.demand.forEach((d, n) => {
    const at = `charges.demand.${n}`;
    const p = priceIssue(d.price, false);
    if (p) errors[`${at}.pricePerKw`] = { code: p };
    if (d.periods && d.periods.length === 0) errors[`${at}.periods`] = { code: 'periodsRequired' };
    const anyRatchet = d.ratchetPercent.trim() !== '' || d.ratchetMonths.trim() !== '';
    if (anyRatchet && !wholeIn(d.ratchetPercent, 1, 100)) errors[`${at}.ratchet.percent`] = { code: 'ratchetPercent' };
    if (anyRatchet && !wholeIn(d.ratchetMonths, 1, 12)) errors[`${at}.ratchet.months`] = { code: 'ratchetMonths' };
  });
  const cap = priceIssue(c.capacity, true);
  if (cap) errors['charges.capacityPricePerKva'] = { code: cap };
  const fixed = priceIssue(c.fixed, true);
  if (fixed) errors['charges.fixedMonthlyFee'] = { code: fixed };
  return errors;
}

export function chargesToWire(c: ChargesDraft): WireCharges {
  return {
    ...(c.demand.length
      ? {
          demand: c.demand.map((d) => ({
            pricePerKw: Number(d.price),
            windowMinutes: d.window,
            ...(d.periods ? { periods: d.periods } : {}),
            ...(d.ratchetPercent.trim() !== '' ? { ratchet: { percent: Number(d.ratchetPercent), months: Number(d.ratchetMonths) } } : {}),
          })),
        }
      : {}),
    ...(c.capacity.trim() !== '' ? { capacityPricePerKva: Number(c.capacity) } : {}),
    ...(c.fixed.trim() !== '' ? { fixedMonthlyFee: Number(c.fixed) } : {}),
  };
}

export function chargesFromWire(w: WireCharges | undefined): ChargesDraft {
  return {
    demand: (w?.demand ?? []).map((d) => ({
      price: String(d.pricePerKw),
      window: d.windowMinutes,
      periods: d.periods ? [...d.periods] : null,
      ratchetPercent: d.ratchet ? String(d.ratchet.percent) : '',
      ratchetMonths: d.ratchet ? String(d.ratchet.months) : '',
    })),
    capacity: w?.capacityPricePerKva !== undefined ? String(w.capacityPricePerKva) : '',
    fixed: w?.fixedMonthlyFee !== undefined ? String(w.fixedMonthlyFee) : '',
  };
}
