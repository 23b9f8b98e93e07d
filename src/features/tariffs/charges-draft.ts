// A tariff version's demand, capacity and fixed charges and tiered rates as the editor holds them: numbers as
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
/** A tier of tiered energy rates: from what cumulative import of the month (kWh), and its adder */
export interface BlockDraft {
  from: string;
  adder: string;
}
export interface ChargesDraft {
  demand: DemandDraft[];
  capacity: string;
  fixed: string;
  /** tiered energy rates; empty: none */
  blocks: BlockDraft[];
  /** the price feed whose interval prices replace the time-of-use prices; '' = none */
  feedId: string;
}

export const MAX_TIERS = 5;
export const noCharges = (): ChargesDraft => ({ demand: [], capacity: '', fixed: '', blocks: [], feedId: '' });
/** The first tier starts at 0 kWh; a later one starts empty for the user to fill. */
export const newBlock = (first: boolean): BlockDraft => ({ from: first ? '0' : '', adder: first ? '0' : '' });
export const newDemand = (): DemandDraft => ({ price: '', window: 15, periods: null, ratchetPercent: '', ratchetMonths: '' });

const PRICE = /^\d{1,6}(\.\d{1,4})?$/;
/** A price as typed: up to 6 digits and 4 decimals; an empty one is wrong unless `optional`. */
export const priceIssue = (text: string, optional = false): 'priceRequired' | 'priceFormat' | null =>
  text.trim() === '' ? (optional ? null : 'priceRequired') : PRICE.test(text.trim()) ? null : 'priceFormat';
const wholeIn = (text: string, lo: number, hi: number) => /^\d+$/.test(text.trim()) && Number(text) >= lo && Number(text) <= hi;

export type ChargeErrorCode =
  | 'priceRequired'
  | 'priceFormat'
  | 'periodsRequired'
  | 'ratchetPercent'
  | 'ratchetMonths'
  | 'kwhRequired'
  | 'kwhFormat'
  | 'firstBlockAtZero'
  | 'blockOrder'
  | 'feedNotFound';

/** A tier's start: whole kWh; then the server's order rules. */
const blockErrors = (blocks: readonly BlockDraft[], errors: Record<string, { code: ChargeErrorCode }>) => {
  blocks.forEach((b, n) => {
    const at = `charges.blocks.${n}`;
    const from = b.from.trim();
    if (from === '') errors[`${at}.fromKwh`] = { code: 'kwhRequired' };
    else if (!/^\d{1,9}$/.test(from)) errors[`${at}.fromKwh`] = { code: 'kwhFormat' };
    else if (n === 0 && Number(from) !== 0) errors[`${at}.fromKwh`] = { code: 'firstBlockAtZero' };
    else if (n > 0 && /^\d{1,9}$/.test(blocks[n - 1]!.from.trim()) && !(Number(from) > Number(blocks[n - 1]!.from)))
      errors[`${at}.fromKwh`] = { code: 'blockOrder' };
    const p = priceIssue(b.adder);
    if (p) errors[`${at}.adderPerKwh`] = { code: p };
  });
};

/** The broken rules by field path (the editor's error paths are the server's). */
export function validateCharges(c: ChargesDraft): Record<string, { code: ChargeErrorCode }> {
  const errors: Record<string, { code: ChargeErrorCode }> = {};
  c.demand.forEach((d, n) => {
    const at = `charges.demand.${n}`;
    const p = priceIssue(d.price);
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
  blockErrors(c.blocks, errors);
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
    ...(c.blocks.length ? { blocks: c.blocks.map((b) => ({ fromKwh: Number(b.from), adderPerKwh: Number(b.adder) })) } : {}),
    ...(c.feedId ? { dynamic: { feedId: Number(c.feedId) } } : {}),
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
    blocks: (w?.blocks ?? []).map((b) => ({ from: String(b.fromKwh), adder: String(b.adderPerKwh) })),
    feedId: w?.dynamic ? String(w.dynamic.feedId) : '',
  };
}
