import { z } from 'zod';

/** An IANA time zone name this runtime's Intl knows (`Europe/Berlin`): the server and the console check it alike. */
export const isZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** A field naming an IANA zone (a station's, a feed's): responses are checked against it outside production. */
export const zoneName = z.string().refine(isZone, 'zone');
