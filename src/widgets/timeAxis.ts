// Time labels of uPlot charts in both languages: a 24-hour clock ("01:00 … 14:00", never
// "1am … 2pm") and ISO-like dates (never US month/day), whatever the reader's language.
import uPlot from 'uplot';

/** uPlot's date templates rewritten to a 24-hour clock and year-month-day order. */
export const clock24Template = (tpl: string): string =>
  tpl
    .replace('{h}:{mm}{aa}', '{HH}:{mm}')
    .replace('{h}{aa}', '{HH}:00')
    .replace(/\{h\}/g, '{HH}')
    .replace(/\{aa\}/g, '')
    .replace('{M}/{D}/{YY}', '{YYYY}-{MM}-{DD}')
    .replace('{M}/{D}', '{MM}-{DD}');

/** uPlot `fmtDate`: its own formatter over the rewritten template. */
export const fmtDate24 = (tpl: string): ((d: Date) => string) => uPlot.fmtDate(clock24Template(tpl));

const DAY_S = 86_400;

/** A time of day from seconds after midnight: 0 → "00:00", 3600 → "01:00", the day's end → "24:00". */
export function clockOfDay(seconds: number): string {
  const s = Math.max(0, Math.min(DAY_S, Math.round(seconds)));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
