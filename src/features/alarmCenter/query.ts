// Alarm center helpers (codes in, text out): the time-range presets as [from, to) instants in the
// viewer's zone, the viewer-local time format, and the CSV of a filtered list.

export const RANGE_PRESETS = ['all', 'today', '7d', '30d', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const DAY = 86_400_000;

/** Local midnight of the day holding `ms` (the viewer's zone). */
export const localMidnight = (ms: number): number => {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
};

/** `YYYY-MM-DD` (a date input's value) as the local midnight it names; null when malformed. */
export const dateInputMs = (v: string): number | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime() : null;
};

/**
 * The happen-time window of a preset, computed at request time so a re-read moves with the clock.
 * `to` stays open for the rolling presets so a newly raised alarm is in range. Custom dates are
 * whole local days, the end day included.
 */
export function rangeOf(preset: RangePreset, now: number, custom: { from: string; to: string } = { from: '', to: '' }): { from?: string; to?: string } {
  const iso = (ms: number) => new Date(ms).toISOString();
  switch (preset) {
    case 'today':
      return { from: iso(localMidnight(now)) };
    case '7d':
      return { from: iso(now - 7 * DAY) };
    case '30d':
      return { from: iso(now - 30 * DAY) };
    case 'custom': {
      const f = dateInputMs(custom.from);
      const t = dateInputMs(custom.to);
      return { ...(f !== null ? { from: iso(f) } : {}), ...(t !== null ? { to: iso(t + DAY) } : {}) };
    }
    default:
      return {};
  }
}

/** The viewer's zone name for the column headers. */
export const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:mm:ss` in the viewer's zone; '-' for none. */
export const fmtLocal = (v: string | number | null): string => {
  if (v === null) return '-';
  const d = new Date(v);
  if (Number.isNaN(d.getTime())) return '-';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

const cell = (s: string): string => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** CSV with a BOM (spreadsheet programs then read UTF-8 Chinese correctly). */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return '\uFEFF' + [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
