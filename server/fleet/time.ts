// Station-local time without building an Intl formatter per call: the UTC offset of a zone is
// looked up once per zone and UTC hour and cached (offsets change at most on the hour for every
// real zone, and only at quarter hours).

const HOUR = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

const formatter = (tz: string): Intl.DateTimeFormat => {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    formatters.set(tz, f);
  }
  return f;
};

/** Offset of `tz` from UTC at instant t, in minutes (e.g. +480 for Asia/Shanghai). */
export const offsetMinutes = (tz: string, t: number): number => {
  const hourKey = `${tz}|${Math.floor(t / HOUR)}`;
  const hit = offsets.get(hourKey);
  if (hit !== undefined) return hit;
  const parts = formatter(tz).formatToParts(new Date(Math.floor(t / HOUR) * HOUR));
  const get = (k: string) => Number(parts.find((x) => x.type === k)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  const off = Math.round((asUtc - Math.floor(t / HOUR) * HOUR) / 60_000);
  if (offsets.size > 200_000) offsets.clear();
  offsets.set(hourKey, off);
  return off;
};

export interface LocalTime {
  /** YYYY-MM-DD */
  date: string;
  /** YYYY-MM */
  month: string;
  monthNo: number;
  /** minutes since local midnight, fractional */
  minutes: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
  /** day of year 1..366 */
  doy: number;
}

export const localTime = (tz: string, t: number): LocalTime => {
  const d = new Date(t + offsetMinutes(tz, t) * 60_000);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  const date = `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return {
    date,
    month: date.slice(0, 7),
    monthNo: m,
    minutes: d.getUTCHours() * 60 + d.getUTCMinutes() + d.getUTCSeconds() / 60 + d.getUTCMilliseconds() / 60_000,
    weekday: d.getUTCDay(),
    doy: Math.floor((Date.UTC(y, m - 1, day) - Date.UTC(y, 0, 1)) / 86_400_000) + 1,
  };
};

/** UTC instant of local midnight starting `date` (YYYY-MM-DD) in tz. */
export const localMidnight = (tz: string, date: string): number => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  let t = guess - offsetMinutes(tz, guess) * 60_000;
  // one correction pass covers a DST change between guess and the answer
  t = guess - offsetMinutes(tz, t) * 60_000;
  return t;
};

/** The date after `date`. */
export const nextDate = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
