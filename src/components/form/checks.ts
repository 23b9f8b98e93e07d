// Checks a form makes of a typed value before sending it, the same as the server's.

/** A time of day as `HH:MM` (00:00–23:59). */
export const isHhMm = (v: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

/** An IANA time zone the browser knows (`Europe/Berlin`). */
export const isZone = (z: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: z });
    return true;
  } catch {
    return false;
  }
};
