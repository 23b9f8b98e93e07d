// Wall-clock time at a site (docs/time.md): every "which local day / month / hour is this instant"
// and "when does this local day start" in the console and the server goes through here, over
// @date-fns/tz, so daylight-saving days are handled once. A local day is not always 24 hours
// (23 or 25 on a DST change), so never add 86 400 000 ms to get from one day to the next.
import { TZDateMini, tzOffset } from '@date-fns/tz';
import { addDays, addMonths, startOfDay, startOfMonth } from 'date-fns';

/** IANA zone name, e.g. 'Asia/Shanghai'. */
export type Zone = string;
/** A local calendar date, 'YYYY-MM-DD'. */
export type DateKey = string;

export interface WallClock {
  /** local date, YYYY-MM-DD */
  date: DateKey;
  /** local month, YYYY-MM */
  month: string;
  year: number;
  /** 1..12 */
  monthNo: number;
  /** 1..31 */
  day: number;
  /** 0..23 */
  hour: number;
  /** minutes since local midnight as the wall clock reads them, fractional (03:30 → 210) */
  minutes: number;
  /** 0 Sunday … 6 Saturday */
  weekday: number;
  /** day of year 1..366 */
  doy: number;
}

const MINUTE = 60_000;
// Every zone's offset is a whole number of quarter hours and changes at local hh:00 or hh:30, so
// it is constant within a UTC quarter hour: one look-up per zone and quarter hour, then cached.
const QUARTER = 15 * MINUTE;
const offsets = new Map<string, number>();

/** Offset of `zone` from UTC at instant `ms`, in minutes (+480 for Asia/Shanghai). */
export function offsetMinutes(zone: Zone, ms: number): number {
  const bucket = Math.floor(ms / QUARTER);
  const key = `${zone}|${bucket}`;
  const hit = offsets.get(key);
  if (hit !== undefined) return hit;
  const off = tzOffset(zone, new Date(bucket * QUARTER));
  if (Number.isNaN(off)) throw new RangeError(`unknown time zone: ${zone}`);
  if (offsets.size > 200_000) offsets.clear();
  offsets.set(key, off);
  return off;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number): DateKey => `${y}-${pad2(m)}-${pad2(d)}`;

/** The local calendar and clock reading of instant `ms` in `zone`. */
export function wallClock(zone: Zone, ms: number): WallClock {
  const d = new Date(ms + offsetMinutes(zone, ms) * MINUTE);
  const year = d.getUTCFullYear();
  const monthNo = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  const date = ymd(year, monthNo, day);
  return {
    date,
    month: date.slice(0, 7),
    year,
    monthNo,
    day,
    hour: d.getUTCHours(),
    minutes: d.getUTCHours() * 60 + d.getUTCMinutes() + d.getUTCSeconds() / 60 + d.getUTCMilliseconds() / MINUTE,
    weekday: d.getUTCDay(),
    doy: Math.round((Date.UTC(year, monthNo - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000) + 1,
  };
}

/** Local date of `ms` in `zone`, YYYY-MM-DD. */
export const dateKey = (zone: Zone, ms: number): DateKey => wallClock(zone, ms).date;
/** Local month of `ms` in `zone`, YYYY-MM. */
export const monthKey = (zone: Zone, ms: number): string => wallClock(zone, ms).month;
/** Hour of the local day (0..23) as the wall clock reads it. */
export const hourOfDay = (zone: Zone, ms: number): number => wallClock(zone, ms).hour;
/** Minutes since local midnight as the wall clock reads it, fractional. */
export const minuteOfDay = (zone: Zone, ms: number): number => wallClock(zone, ms).minutes;

const parseDate = (date: DateKey): [number, number, number] => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
};

/** The date `n` calendar days after `date` (n may be negative). */
export function addDateDays(date: DateKey, n: number): DateKey {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The month `n` months after `month` (YYYY-MM; n may be negative). */
export function addMonthKey(month: string, n: number): string {
  const [y, m] = parseDate(`${month}-01`);
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7);
}

/**
 * The instant the wall clock in `zone` reads `minutes` past midnight of `date` (1440 is the next
 * midnight). A reading skipped by a DST change maps to the same distance after the change
 * (02:30 on a spring-forward day is 03:30); a reading that happens twice maps to the later one.
 */
export function wallTimeMs(zone: Zone, date: DateKey, minutes: number): number {
  // most days are 24 plain hours: the reading is then that far from the (remembered) day start
  const start = dateStart(zone, date);
  if (dateStart(zone, addDateDays(date, 1)) - start === 86_400_000) return start + minutes * MINUTE;
  const [y, m, d] = parseDate(date);
  return new TZDateMini(y, m - 1, d, 0, minutes, zone).getTime();
}

// Building a zoned date costs tens of microseconds; a server request asks for the same few days of
// hundreds of stations, so day starts are remembered.
const dayStarts = new Map<string, number>();

/** Start of local day `date` in `zone`: local midnight, or the first instant after it when a DST
 *  change skips midnight itself. */
export function dateStart(zone: Zone, date: DateKey): number {
  const key = `${zone}|${date}`;
  const hit = dayStarts.get(key);
  if (hit !== undefined) return hit;
  const [y, m, d] = parseDate(date);
  const start = startOfDay(new TZDateMini(y, m - 1, d, 12, 0, zone)).getTime();
  if (dayStarts.size > 50_000) dayStarts.clear();
  dayStarts.set(key, start);
  return start;
}

/** Start of the local day holding `ms`. */
export const dayStart = (zone: Zone, ms: number): number => dateStart(zone, dateKey(zone, ms));

/** End of the local day holding `ms` (exclusive): the start of the next local day. */
export const dayEnd = (zone: Zone, ms: number): number => dateStart(zone, addDateDays(dateKey(zone, ms), 1));

/** Length of local day `date` in hours: 24, or 23 / 25 (23.5 / 24.5 in a few zones) on a DST change. */
export const dayHours = (zone: Zone, date: DateKey): number => (dateStart(zone, addDateDays(date, 1)) - dateStart(zone, date)) / 3_600_000;

/** The same wall-clock time `n` local days after `ms` (a day across a DST change is 23 or 25 hours). */
export const addLocalDays = (zone: Zone, ms: number, n: number): number => addDays(new TZDateMini(ms, zone), n).getTime();

/** Start of the local month holding `ms`. */
export const monthStart = (zone: Zone, ms: number): number => startOfMonth(new TZDateMini(ms, zone)).getTime();

/** Start of the local month after the one holding `ms`. */
export const nextMonthStart = (zone: Zone, ms: number): number => startOfMonth(addMonths(startOfMonth(new TZDateMini(ms, zone)), 1)).getTime();

/** Local `YYYY-MM-DD HH:mm:ss` of `ms` in `zone`. */
export function formatWall(zone: Zone, ms: number): string {
  const iso = new Date(ms + offsetMinutes(zone, ms) * MINUTE).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

let viewer: Zone | undefined;
/** The zone of the device the code runs on (the viewer's, in a browser); UTC when unknown. Read
 *  once: building a formatter to ask costs more than formatting a whole table row. */
export const viewerZone = (): Zone => (viewer ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
