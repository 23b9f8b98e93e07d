// The console's one date-time formatter. Every screen, language and zone writes an instant as
// `YYYY-MM-DD HH:mm:ss` (ISO-like, 24 h): the same text in en and zh, sortable, unambiguous
// between day-first and month-first readers. Which zone it is read in is the caller's (the
// clock policy, docs/time.md); the wall-clock arithmetic is protocol/site-time.ts's.
import { formatWall, viewerZone, type Zone } from '../../protocol/site-time';

/** `YYYY-MM-DD HH:mm:ss` of an instant (ISO text or epoch ms) in `zone`; '-' for none or garbage. */
export const formatDateTime = (v: string | number | null | undefined, zone: Zone = viewerZone()): string => {
  if (v === null || v === undefined || v === '') return '-';
  const ms = typeof v === 'number' ? v : Date.parse(v);
  return Number.isFinite(ms) ? formatWall(zone, ms) : '-';
};

/** The zone to name beside a time: null when it is the reader's own (browser) zone. */
export const zoneNote = (zone: Zone): Zone | null => (zone === viewerZone() ? null : zone);
