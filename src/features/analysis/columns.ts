// Station-table columns: a figure per column, one unit per column (energies step to MWh / GWh
// by the column's largest value, SPEC §9) so the header names the unit and the cells are plain
// numbers, the same on screen and in the CSV.
import type { TFn } from '../../i18n/i18n';
import { chartScale, hint, label, show, type FigureKey } from './figures';

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
  text: (row: R) => string;
  /** sort key */
  sortValue: (row: R) => number | string | null;
}

const cut = (x: number, d: number): string => (Math.trunc(x * 10 ** d + (x >= 0 ? 1e-9 : -1e-9)) / 10 ** d).toFixed(d);

export function shownColumns<R>(cols: readonly Column<R>[], rows: readonly R[], t: TFn, currency: string): ShownColumn<R>[] {
  return cols.map((c) => {
    const fig = c.figure;
    if (!fig) return { id: c.id, header: c.header ?? c.id, hint: null, size: c.size ?? 180, text: (r: R) => String(c.get(r) ?? '-'), sortValue: c.get };
    const nums = rows.map((r) => c.get(r)).map((v) => (typeof v === 'number' ? v : null));
    const { unit, factor } = chartScale(fig, nums, t, currency);
    const text = (r: R): string => {
      const v = c.get(r);
      if (typeof v === 'string') return v;
      if (v === null) return '-';
      return factor === 1 ? show(fig, v, t, currency).value : cut(v / factor, 2);
    };
    return {
      id: c.id,
      header: unit ? `${label(t, fig)} (${unit})` : label(t, fig),
      hint: hint(t, fig),
      size: c.size ?? 120,
      text,
      sortValue: c.get,
    };
  });
}
