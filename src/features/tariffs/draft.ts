// A tariff (or template) as the editor holds it: times in minutes, prices as typed text. The
// checks here are SPEC §5's, run before sending; the server runs the same ones and stays the
// authority, and its field issues land on the same paths (`seasons.0.slots.1.fromGridPrice`).
import type { FieldIssue } from '../../../protocol/envelope';
import { PERIODS, type Period } from '../../../protocol/codes';
import type { Tariff } from '../../../streams/tariffs/reads';
import { noCharges, priceIssue, validateCharges, type ChargeErrorCode, type ChargesDraft } from './charges-draft';
import { parseHhmm, toHhmm, validateSlots, wholeDay, type DaySlot } from '../../widgets/day-timeline/slots';

export interface SlotDraft extends DaySlot {
  kind: Period;
  fromGrid: string;
  feedIn: string;
}
export interface SeasonDraft {
  months: number[];
  slots: SlotDraft[];
}
export interface TariffDraft {
  name: string;
  effectiveDate: string;
  seasons: SeasonDraft[];
  /** the monthly charges and the price feed of a version or a template */
  charges?: ChargesDraft;
}
export type WireSeasons = Tariff['seasons'];

/** What the form shows at a field: an error code of the `tariffs:errors` texts (the charges' too). */
export type DraftErrorCode =
  | 'nameRequired'
  | 'templateNameRequired'
  | 'dateRequired'
  | 'monthsIncomplete'
  | 'monthsOverlap'
  | 'hoursIncomplete'
  | 'overlap'
  | 'timeError'
  | 'pastDate'
  | 'duplicateDate'
  | 'duplicateName'
  | 'notPending'
  | 'providerMismatch'
  | 'failed'
  | 'windowInvalid'
  | ChargeErrorCode;
export interface DraftError {
  code: DraftErrorCode;
  limit?: string;
}
/** Errors by field path; `seasons` (months of the whole tariff), `seasons.N.slots` (the line),
 *  `seasons.N.slots.M.time` (a slot's start/end), `…fromGridPrice`, `…feedInPrice`, `name`,
 *  `effectiveDate`, and `form` for what belongs to no field. */
export type DraftErrors = Record<string, DraftError>;

export const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
export const newSlot = (kind: Period = 'flat'): SlotDraft[] => wholeDay<SlotDraft>({ kind, fromGrid: '', feedIn: '' });
export const newDraft = (effectiveDate: string): TariffDraft => ({
  name: '',
  effectiveDate,
  seasons: [{ months: [...ALL_MONTHS], slots: newSlot() }],
  charges: noCharges(),
});

export function validateDraft(d: TariffDraft, opts: { template?: boolean } = {}): DraftErrors {
  const errors: DraftErrors = {};
  if (d.name.trim() === '') errors.name = { code: opts.template ? 'templateNameRequired' : 'nameRequired' };
  if (!opts.template && !/^\d{4}-\d{2}-\d{2}$/.test(d.effectiveDate)) errors.effectiveDate = { code: 'dateRequired' };
  const counted = d.seasons.flatMap((s) => s.months);
  if (new Set(counted).size !== counted.length) errors.seasons = { code: 'monthsOverlap' };
  else if (counted.length !== 12) errors.seasons = { code: 'monthsIncomplete' };
  d.seasons.forEach((s, n) => {
    if (s.months.length === 0) errors[`seasons.${n}.months`] = { code: 'monthsIncomplete' };
    const issue = validateSlots(s.slots);
    if (issue?.problem === 'timeError') errors[`seasons.${n}.slots.${issue.index}.time`] = { code: 'timeError' };
    else if (issue) errors[`seasons.${n}.slots`] = { code: issue.problem };
    s.slots.forEach((slot, m) => {
      const g = priceIssue(slot.fromGrid);
      const f = priceIssue(slot.feedIn);
      if (g) errors[`seasons.${n}.slots.${m}.fromGridPrice`] = { code: g };
      if (f) errors[`seasons.${n}.slots.${m}.feedInPrice`] = { code: f };
    });
  });
  if (d.charges) Object.assign(errors, validateCharges(d.charges));
  return errors;
}

const CODE_OF_ISSUE: Record<string, DraftErrorCode> = {
  priceRequired: 'priceRequired',
  priceFormat: 'priceFormat',
  monthsIncomplete: 'monthsIncomplete',
  monthsOverlap: 'monthsOverlap',
  hoursIncomplete: 'hoursIncomplete',
  timeError: 'timeError',
  pastDate: 'pastDate',
  providerMismatch: 'providerMismatch',
  windowInvalid: 'windowInvalid',
  periodsRequired: 'periodsRequired',
  ratchetPercent: 'ratchetPercent',
  ratchetMonths: 'ratchetMonths',
  kwhFormat: 'kwhFormat',
  firstBlockAtZero: 'firstBlockAtZero',
  blockOrder: 'blockOrder',
  feedNotFound: 'feedNotFound',
};

/** The server's field issues at the editor's fields (a price path keeps its own, a slot's
 *  start/end issue goes to that slot's times, a name issue to the name). */
export function serverErrors(fields: readonly FieldIssue[], opts: { template?: boolean } = {}): DraftErrors {
  const errors: DraftErrors = {};
  for (const f of fields) {
    const price = /(Price|pricePerKw|PricePerKva|fixedMonthlyFee|adderPerKwh)$/.test(f.path);
    const known = CODE_OF_ISSUE[f.issue];
    if (f.path === 'name') errors.name = { code: opts.template ? 'templateNameRequired' : 'nameRequired' };
    else if (f.path === 'effectiveDate')
      errors.effectiveDate = known === 'pastDate' ? { code: 'pastDate', limit: String(f.limit ?? '') } : { code: 'dateRequired' };
    else if (price) errors[f.path] = { code: known === 'priceFormat' || f.issue === 'tooSmall' || f.issue === 'invalidType' ? 'priceFormat' : 'priceRequired' };
    else if (/\.fromKwh$/.test(f.path)) errors[f.path] = { code: known ?? (f.issue === 'required' ? 'kwhRequired' : 'kwhFormat') };
    else if (/\.slots\.\d+\.(start|end)$/.test(f.path)) errors[f.path.replace(/\.(start|end)$/, '.time')] = { code: 'timeError' };
    else errors[f.path === '' ? 'seasons' : f.path] = { code: known ?? 'failed' };
  }
  return errors;
}

export function toWire(d: TariffDraft): WireSeasons {
  return d.seasons.map((s) => ({
    months: [...s.months].sort((a, b) => a - b),
    slots: [...s.slots]
      .sort((a, b) => a.start - b.start)
      .map((x) => ({ start: toHhmm(x.start), end: toHhmm(x.end), period: x.kind, fromGridPrice: Number(x.fromGrid), feedInPrice: Number(x.feedIn) })),
  }));
}

export function fromWire(seasons: WireSeasons): SeasonDraft[] {
  return seasons.map((s) => ({
    months: [...s.months],
    slots: s.slots.map((x) => ({
      start: parseHhmm(x.start) ?? 0,
      end: parseHhmm(x.end) ?? 0,
      kind: (PERIODS as readonly string[]).includes(x.period) ? x.period : 'flat',
      fromGrid: String(x.fromGridPrice),
      feedIn: String(x.feedInPrice),
    })),
  }));
}
