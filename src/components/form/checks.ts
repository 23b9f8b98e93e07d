// Checks a form makes of a typed value before sending it, the same as the server's.

/** A time of day as `HH:MM` (00:00–23:59). */
export const isHhMm = (v: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

export { isZone } from '../../../protocol/zone';
