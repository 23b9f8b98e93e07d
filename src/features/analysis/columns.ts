// Station-table columns: a figure per column. On screen every energy or power cell carries its
// own unit on the SPEC §9 scale (770 kWh beside 45.44 MWh: a column scaled by its largest value
// printed small stations as 0.77 or 0.00), money and the other figures one unit named in the
// header, thousands grouped. Sorting is by the number, never the text. Files get the number
// itself in the figure's base unit (kWh, kW, the currency), named in their own header.
import type { TFn } from '../../i18n/i18n';
import { baseUnit, hint, isScaled, label, show, type FigureKey } from './figures';

export interface Column<R> {
  id: string;
  /** the figure the column shows (unit, tooltip); absent for text columns */
  figure?: FigureKey;
  /** a text column's header */
  header?: string;
  get: (row: R) => number | string | null;
  size?: number;
}

export interface ShownColumn<R> {
  id: string;
  header: string;
  hint: string | null;
  size: number;
  /** the cell as the screen prints it */
  text: (row: R) => string;
  /** sort key */
  sortValue: (row: R) => number | string | null;
  /** the header of a file's column: the figure with its base unit */
  fileHeader: string;
  /** the cell of a file: the number unscaled (null without one), or the text of a text column */
  fileCell: (row: R) => number | string | null;
}

const titled = (name: string, unit: string): string => (unit ? `${name} (${unit})` : name);

export function shownColumns<R>(cols: readonly Column<R>[], _rows: readonly R[], t: TFn, currency: string): ShownColumn<R>[] {
  return cols.map((c) => {
    const fig = c.figure;
    if (!fig) {
      const header = c.header ?? c.id;
      return {
        id: c.id,
        header,
        hint: null,
        size: c.size ?? 180,
        text: (r: R) => String(c.get(r) ?? '-'),
        sortValue: c.get,
        fileHeader: header,
        fileCell: c.get,
      };
    }
    const scaled = isScaled(fig);
    const text = (r: R): string => {
      const v = c.get(r);
      if (typeof v === 'string') return v;
      const s = show(fig, v, t, currency);
      return scaled && s.value !== '-' ? `${s.value} ${s.unit}` : s.value;
    };
    return {
      id: c.id,
      header: scaled ? label(t, fig) : titled(label(t, fig), show(fig, null, t, currency).unit),
      hint: hint(t, fig),
      size: c.size ?? 120,
      text,
      sortValue: c.get,
      fileHeader: titled(label(t, fig), baseUnit(fig, t, currency)),
      fileCell: (r: R) => {
        const v = c.get(r);
        return typeof v === 'number' && !Number.isFinite(v) ? null : v;
      },
    };
  });
}
