// What a chart says in words, for readers who cannot see it: which series over which stretch of
// the axis, and each series' lowest, highest and latest value with its unit. Pure: the caller
// gives the axis and number formats and the sentence templates (i18next texts).

export interface SeriesColumn {
  label: string;
  /** '' for none */
  unit: string;
  values: ArrayLike<number | null | undefined>;
}

export interface SeriesFigures {
  label: string;
  unit: string;
  /** null when the series has no value in the chart */
  min: number | null;
  max: number | null;
  /** the value at the last x that has one */
  latest: number | null;
}

export interface ChartFigures {
  /** first and last x, null for an empty chart */
  from: number | null;
  to: number | null;
  points: number;
  series: SeriesFigures[];
}

const isValue = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

export function chartFigures(xs: ArrayLike<number>, columns: readonly SeriesColumn[]): ChartFigures {
  const n = xs.length;
  return {
    from: n > 0 ? xs[0]! : null,
    to: n > 0 ? xs[n - 1]! : null,
    points: n,
    series: columns.map(({ label, unit, values }) => {
      let min: number | null = null;
      let max: number | null = null;
      let latest: number | null = null;
      for (let i = 0; i < Math.min(n, values.length); i++) {
        const v = values[i];
        if (!isValue(v)) continue;
        if (min === null || v < min) min = v;
        if (max === null || v > max) max = v;
        latest = v;
      }
      return { label, unit, min, max, latest };
    }),
  };
}

export interface SummaryTexts {
  /** "{{series}}, {{from}} to {{to}}." */
  range: (p: { series: string; from: string; to: string }) => string;
  /** "{{label}}: lowest {{min}}, highest {{max}}, latest {{latest}}." */
  figures: (p: { label: string; min: string; max: string; latest: string }) => string;
  /** "{{label}}: no data." */
  noValues: (p: { label: string }) => string;
  /** "No data." */
  empty: string;
  /** joins series names: "Power, SOC" */
  list: (labels: string[]) => string;
}

/** One paragraph: the chart's series and range, then a sentence per series. */
export function summaryText(f: ChartFigures, x: (v: number) => string, num: (v: number) => string, texts: SummaryTexts): string {
  if (f.from === null || f.to === null) return `${texts.list(f.series.map((s) => s.label))}. ${texts.empty}`;
  const withUnit = (v: number, unit: string) => (unit ? `${num(v)} ${unit}` : num(v));
  const parts = [texts.range({ series: texts.list(f.series.map((s) => s.label)), from: x(f.from), to: x(f.to) })];
  for (const s of f.series) {
    if (s.min === null || s.max === null || s.latest === null) parts.push(texts.noValues({ label: s.label }));
    else parts.push(texts.figures({ label: s.label, min: withUnit(s.min, s.unit), max: withUnit(s.max, s.unit), latest: withUnit(s.latest, s.unit) }));
  }
  return parts.join(' ');
}

/** At most `limit` row indices of `n`, evenly spread and always holding the first and last. */
export function tableRows(n: number, limit: number): number[] {
  if (n <= limit) return Array.from({ length: n }, (_, i) => i);
  const out: number[] = [];
  for (let k = 0; k < limit; k++) out.push(Math.round((k * (n - 1)) / (limit - 1)));
  return out;
}

/** The part of the data with x in [min, max] (x ascending): what the chart shows of it. */
export function within(xs: ArrayLike<number>, columns: readonly SeriesColumn[], min: number, max: number): { xs: ArrayLike<number>; columns: SeriesColumn[] } {
  let lo = 0;
  while (lo < xs.length && xs[lo]! < min) lo++;
  let hi = lo;
  while (hi < xs.length && xs[hi]! <= max) hi++;
  const cut = <T>(a: ArrayLike<T>): ArrayLike<T> => (lo === 0 && hi === a.length ? a : (Array.prototype.slice.call(a, lo, hi) as T[]));
  return { xs: cut(xs), columns: columns.map((c) => ({ ...c, values: cut(c.values) })) };
}
