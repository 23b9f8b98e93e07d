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

/** A Date whose local fields (getHours(), getDate()…) are the wall time at `ms` in `timeZone`. */
export function zonedDate(ms: number, timeZone: string): Date {
  if (timeZone === localZone || !Number.isFinite(ms)) return new Date(ms);
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') {
    const d = new Date(ms);
    return new Date(ms + d.getTimezoneOffset() * 60_000);
  }
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let bc = false;
  for (const p of formatter(timeZone).formatToParts(ms)) {
    switch (p.type) {
      case 'year':
        year = Number(p.value);
        break;
      case 'month':
        month = Number(p.value);
        break;
      case 'day':
        day = Number(p.value);
        break;
      case 'hour':
        hour = Number(p.value);
        break;
      case 'minute':
        minute = Number(p.value);
        break;
      case 'second':
        second = Number(p.value);
        break;
      case 'era':
        bc = p.value === 'BC';
        break;
      default:
        break;
    }
  }
  const d = new Date(2000, 0, 1, hour, minute, second, ((ms % 1000) + 1000) % 1000);
  // setFullYear: the Date constructor would read years 0–99 as 1900–1999
  d.setFullYear(bc ? 1 - year : year, month - 1, day);
  return d;
}
