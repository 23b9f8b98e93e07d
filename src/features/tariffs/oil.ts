// Fuel-price records as the form holds them: the window typed in the station's zone
// (`YYYY-MM-DDTHH:MM`), prices as text. Checked before sending as the server checks them; an
// overlap is named at the field whose time lies inside the other window, as the server does.
import { formatWall, wallTimeMs } from '../../../protocol/site-time';
import type { CommandError } from '../../../streams/commands/command';
import type { OilPrice } from '../../../streams/tariffs/reads';

export interface OilDraft {
  start: string;
  end: string;
  price: string;
  kwh: string;
}
export type OilErrorCode = 'required' | 'number' | 'endBeforeStart' | 'pastStart' | 'overlap' | 'overlapAny' | 'failed';
export type OilErrors = Partial<Record<'start' | 'end' | 'price' | 'kwh' | 'form', { code: OilErrorCode; other?: OilPrice }>>;

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;
const AMOUNT = /^\d{1,4}(\.\d{1,4})?$/;

/** The instant of a station-local `YYYY-MM-DDTHH:MM`, or null. */
export function localMs(zone: string, text: string): number | null {
  const m = LOCAL.exec(text);
  return m ? wallTimeMs(zone, m[1]!, Number(m[2]) * 60 + Number(m[3])) : null;
}
/** `YYYY-MM-DDTHH:MM` of an instant in the station's zone. */
export const localText = (zone: string, ms: number): string => formatWall(zone, ms).slice(0, 16).replace(' ', 'T');
export const shownTime = (zone: string, iso: string): string => formatWall(zone, Date.parse(iso)).slice(0, 16);

export const costPerKwh = (o: { pricePerLitre: number; kwhPerLitre: number }): string =>
  o.kwhPerLitre > 0 ? (o.pricePerLitre / o.kwhPerLitre).toFixed(4) : '—';

export function validateOil(zone: string, d: OilDraft, others: readonly OilPrice[]): OilErrors {
  const e: OilErrors = {};
  const start = localMs(zone, d.start);
  const end = localMs(zone, d.end);
  if (start === null) e.start = { code: 'required' };
  if (end === null) e.end = { code: 'required' };
  for (const f of ['price', 'kwh'] as const) {
    const v = d[f].trim();
    if (v === '') e[f] = { code: 'required' };
    else if (!AMOUNT.test(v) || Number(v) <= 0) e[f] = { code: 'number' };
  }
  if (start !== null && end !== null) {
    if (end <= start) e.end = { code: 'endBeforeStart' };
    else {
      const other = others.find((o) => Date.parse(o.startTime) < end && start < Date.parse(o.endTime));
      if (other) e[Date.parse(other.startTime) <= start ? 'start' : 'end'] = { code: 'overlap', other };
    }
  }
  return e;
}

/** The server's refusal of a save at the form's fields. */
export function oilServerErrors(e: CommandError): OilErrors {
  if (e.code === 'conflict') return { start: { code: 'overlapAny' } };
  if (e.code !== 'validationFailed') return { form: { code: 'failed' } };
  const out: OilErrors = {};
  for (const f of e.fields) {
    if (f.path === 'pricePerLitre') out.price = { code: 'number' };
    else if (f.path === 'kwhPerLitre') out.kwh = { code: 'number' };
    else if (f.path === 'endTime') out.end = { code: f.issue === 'timeError' ? 'endBeforeStart' : 'required' };
    else if (f.path === 'startTime') out.start = { code: f.issue === 'pastDate' ? 'pastStart' : 'required' };
    else out.form = { code: 'failed' };
  }
  return out;
}
