// A strategy being edited: every SPEC §3 field as the text the user typed, checked in the page
// for the required prompts of SPEC §5 and the limits' order, then by the server against the
// station's equipment; the server's field issues come back to the same fields.
import type { FieldIssue } from '../../../protocol/envelope';
import type { Strategy, StrategyKind } from '../../../streams/strategies/reads';
import type { SaveStrategy } from '../../../streams/strategies/commands';
import { parseHhmm, toHhmm } from '../../widgets/day-timeline/slots';
import { ISLAND_FIELDS, PEAK_FIELDS } from '../../../protocol/strategy-fields';

export type NumberField = (typeof PEAK_FIELDS)[number] | (typeof ISLAND_FIELDS)[number];

export type PeriodMode = 'charge' | 'discharge' | 'idle';
/** A period as the timeline holds it (minutes), with its power as typed. */
export interface PeriodDraft {
  start: number;
  end: number;
  kind: PeriodMode;
  power: string;
}

export interface StrategyDraft {
  kind: StrategyKind;
  strategyId?: number;
  name: string;
  startDate: string;
  endDate: string;
  values: Partial<Record<NumberField, string>>;
  supplyPriority: 'pv' | 'storage' | '';
  periods: PeriodDraft[];
}

export const ERROR_CODES = [
  'required',
  'number',
  'socRange',
  'emergencyRange',
  'voltageRange',
  'tooBig',
  'tooSmall',
  'timeError',
  'periodsRequired',
  'stationType',
  'dateOverlap',
  'failed',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export interface DraftError {
  code: ErrorCode;
  limit?: number;
}
/** Errors by field: `name`, `startDate`, a number field, `supplyPriority`, `periods`, `periods.N.power`, `periods.N.start`. */
export type DraftErrors = Record<string, DraftError>;

export const fieldsOf = (kind: StrategyKind): readonly NumberField[] => (kind === 'peakShaving' ? PEAK_FIELDS : ISLAND_FIELDS);

export const newDraft = (kind: StrategyKind, today: string): StrategyDraft => ({
  kind,
  name: '',
  startDate: today,
  endDate: today,
  values: {},
  supplyPriority: '',
  periods: kind === 'peakShaving' ? [{ start: 0, end: 1440, kind: 'idle', power: '0' }] : [],
});

export const fromStrategy = (s: Strategy): StrategyDraft => {
  const p = s.params as Record<string, unknown>;
  const values: StrategyDraft['values'] = {};
  for (const f of fieldsOf(s.kind)) if (typeof p[f] === 'number') values[f] = String(p[f]);
  const periods = Array.isArray(p.periods)
    ? (p.periods as { start: string; end: string; mode: PeriodMode; powerKw: number }[]).map((x) => ({
        start: parseHhmm(x.start) ?? 0,
        end: parseHhmm(x.end) ?? 1440,
        kind: x.mode,
        power: String(x.powerKw),
      }))
    : [];
  return {
    kind: s.kind,
    strategyId: s.strategyId,
    name: s.name,
    startDate: s.startDate,
    endDate: s.endDate,
    values,
    supplyPriority: (p.supplyPriority as 'pv' | 'storage' | undefined) ?? '',
    periods,
  };
};

const numberOf = (v: string | undefined): number | null => (v === undefined || v.trim() === '' || !Number.isFinite(Number(v)) ? null : Number(v));

/** What the page checks before sending: every field present and numeric, lower limits below upper ones. */
export function checkDraft(d: StrategyDraft): DraftErrors {
  const e: DraftErrors = {};
  if (!d.name.trim()) e.name = { code: 'required' };
  if (!d.startDate) e.startDate = { code: 'required' };
  if (!d.endDate) e.endDate = { code: 'required' };
  else if (d.startDate && d.endDate < d.startDate) e.endDate = { code: 'timeError' };
  for (const f of fieldsOf(d.kind)) {
    const raw = d.values[f];
    if (raw === undefined || raw.trim() === '') e[f] = { code: 'required' };
    else if (numberOf(raw) === null) e[f] = { code: 'number' };
  }
  const n = (f: NumberField) => numberOf(d.values[f]);
  const below = (lo: NumberField, hi: NumberField, code: ErrorCode) => {
    const a = n(lo);
    const b = n(hi);
    if (a !== null && b !== null && !(a < b) && !e[lo]) e[lo] = { code };
  };
  below('socLower', 'socUpper', 'socRange');
  if (d.kind === 'peakShaving') {
    below('offGridSocLower', 'offGridSocUpper', 'socRange');
    below('cellVoltageLower', 'cellVoltageUpper', 'voltageRange');
    const em = n('emergencySoc');
    const lo = n('socLower');
    const hi = n('socUpper');
    if (em !== null && lo !== null && hi !== null && (em < lo || em > hi) && !e.emergencySoc) e.emergencySoc = { code: 'emergencyRange' };
    if (!d.supplyPriority) e.supplyPriority = { code: 'required' };
    if (d.periods.length === 0) e.periods = { code: 'periodsRequired' };
    d.periods.forEach((p, i) => {
      if (numberOf(p.power) === null) e[`periods.${i}.power`] = { code: p.power.trim() === '' ? 'required' : 'number' };
    });
  }
  return e;
}

export function toRequest(d: StrategyDraft, stationId: number): SaveStrategy {
  const params: Record<string, unknown> = {};
  for (const f of fieldsOf(d.kind)) params[f] = Number(d.values[f]);
  const base = { stationId, name: d.name.trim(), startDate: d.startDate, endDate: d.endDate, ...(d.strategyId ? { strategyId: d.strategyId } : {}) };
  if (d.kind === 'island') return { kind: 'island', ...base, params } as SaveStrategy;
  params.supplyPriority = d.supplyPriority;
  params.periods = [...d.periods]
    .sort((a, b) => a.start - b.start)
    .map((p) => ({ start: toHhmm(p.start), end: toHhmm(p.end), mode: p.kind, powerKw: Number(p.power) }));
  return { kind: 'peakShaving', ...base, params } as SaveStrategy;
}

/** The server's field issues at the draft's fields (periods are sent sorted by start). */
export function serverErrors(d: StrategyDraft, issues: readonly FieldIssue[]): DraftErrors {
  const order = d.periods
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.start - b.p.start)
    .map((x) => x.i);
  const e: DraftErrors = {};
  for (const x of issues) {
    const code = (x.issue === 'invalidFormat' ? 'required' : x.issue) as ErrorCode;
    const err: DraftError = typeof x.limit === 'number' ? { code, limit: x.limit } : { code };
    const m = /^params\.periods\.(\d+)\.(\w+)$/.exec(x.path);
    if (m) e[`periods.${order[Number(m[1])] ?? m[1]}.${m[2] === 'powerKw' ? 'power' : 'start'}`] = err;
    else e[x.path.replace(/^params\./, '')] = err;
  }
  return e;
}
