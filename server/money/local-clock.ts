import { offsetMinutes, wallClock, type WallClock } from '../../protocol/site-time';

// Reading the local clock for a run of intervals in time order. A day whose UTC offset is the
// same at its first and last instant is 24 hours long and its local minutes are plain arithmetic
// from its start; only daylight-saving change days ask site-time interval by interval. This keeps
// a station-year of quarters to a few hundred zone look-ups.

export type LocalReading = Pick<WallClock, 'date' | 'monthNo' | 'minutes'>;

const DAY = 86_400_000;
const MINUTE = 60_000;

export const localReader = (zone: string): ((t: number) => LocalReading) => {
  let from = 1;
  let to = 0;
  let date = '';
  let monthNo = 0;
  return (t) => {
    if (t >= from && t < to) return { date, monthNo, minutes: (t - from) / MINUTE };
    const w = wallClock(zone, t);
    const start = t - w.minutes * MINUTE;
    const off = offsetMinutes(zone, t);
    if (offsetMinutes(zone, start) === off && offsetMinutes(zone, start + DAY - 1) === off) {
      from = start;
      to = start + DAY;
      date = w.date;
      monthNo = w.monthNo;
    }
    return w;
  };
};
