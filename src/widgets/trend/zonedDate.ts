// uPlot draws a time zone through a Date whose local fields read the wall time of that zone.
// uPlot.tzDate gets it from `toLocaleString('en-US', { timeZone })` parsed back into a Date: that
// builds a new ICU formatter on every call (0.3–2 ms each in Chromium), and an axis asks for a
// hundred of them per draw, which made a chart's first draw slower than its data. Here one
// formatter per zone is kept and the wall time is read from its parts; the result is the same.

const formatters = new Map<string, Intl.DateTimeFormat>();
const localZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Where each part of the formatter's answer goes in `fields` below. */
const FIELD_AT: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = { year: 0, month: 1, day: 2, hour: 3, minute: 4, second: 5 };

/** A Date whose local fields (getHours(), getDate()…) are the wall time at `ms` in `timeZone`. */
export function zonedDate(ms: number, timeZone: string): Date {
  if (timeZone === localZone || !Number.isFinite(ms)) return new Date(ms);
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') {
    const d = new Date(ms);
    return new Date(ms + d.getTimezoneOffset() * 60_000);
  }
  // year, month, day, hour, minute, second as the formatter names them
  const fields = [0, 1, 1, 0, 0, 0];
  let bc = false;
  for (const p of formatter(timeZone).formatToParts(ms)) {
    const i = FIELD_AT[p.type];
    if (i !== undefined) fields[i] = Number(p.value);
    else if (p.type === 'era') bc = p.value === 'BC';
  }
  const [year, month, day, hour, minute, second] = fields as [number, number, number, number, number, number];
  const d = new Date(2000, 0, 1, hour, minute, second, ((ms % 1000) + 1000) % 1000);
  // setFullYear: the Date constructor would read years 0–99 as 1900–1999
  d.setFullYear(bc ? 1 - year : year, month - 1, day);
  return d;
}
