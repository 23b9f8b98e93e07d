// A report value as the screen prints it: energies on the SPEC §9 scale (kWh / MWh / GWh, cut to
// the hundredth), money and litres to the cent, availability in %, alarms as a count. Files keep
// plain numbers with the unit in the header; this is the screen only.
import { formatEnergy } from '../../../streams/format/energy';

/** `noData` is the translated text of a value the server leaves null (no data in that bucket). */
export function valueText(value: number | null | undefined, unit: string, noData = '-'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return noData;
  if (unit === 'kWh') return formatEnergy(value);
  if (unit === 'count') return String(Math.round(value));
  if (unit === '%') return `${value.toFixed(2)} %`;
  if (unit === 'L') return `${value.toFixed(2)} L`;
  return value.toFixed(2);
}

/** The header's unit: energies carry theirs in each cell; money its currency, the rest theirs. */
export function headerUnit(unit: string): string | null {
  if (unit === 'kWh' || unit === 'count' || unit === '%' || unit === 'L') return null;
  return unit;
}
