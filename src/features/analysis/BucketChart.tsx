// uPlot over the answer's buckets (hours, days or months as labels, not instants: each station's
// local time), each line with its comparison dashed beside it at the same position. Rebuilt when
// the lines change; values arrive already in the unit the axis names.
import { useEffect, useMemo, useRef } from 'react';
import { ChartWords } from '../../widgets/chart-words/ChartWords';
import { dashOf, legendMarkers, plainLegend } from '../../widgets/chart-words/patterns';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { AXIS_FONT, AXIS_GAP, AXIS_TICKS, fitToLabels, groupedNumber } from '../../widgets/axisLabels';

export interface BucketLine {
  label: string;
  color: string;
  values: readonly (number | null)[];
  /** the comparison period's values by position; null without a comparison */
  compare: readonly (number | null)[] | null;
  compareLabel: string;
}

export interface BucketChartProps {
  buckets: readonly string[];
  lines: readonly BucketLine[];
  unit: string;
  /** legend label of the bucket axis */
  xLabel: string;
  locale: string;
  height?: number;
  testId?: string;
}

/** '2026-11-23 08' → '08:00', '2026-11-23' → '11-23', '2026-11' stays. */
const tick = (b: string): string => (b.length === 13 ? `${b.slice(11)}:00` : b.length === 10 ? b.slice(5) : b);

export function BucketChart({ buckets, lines, unit, xLabel, locale, height = 260, testId }: BucketChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const shape = JSON.stringify([buckets, lines, unit, xLabel, locale, height]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const format = groupedNumber(locale);
    const xs = buckets.map((_, i) => i);
    const cols: (number | null)[][] = [];
    const series: uPlot.Series[] = [{ label: xLabel, value: (_u, i) => (i === null ? '' : (buckets[i] ?? '')) }];
    const colors: string[] = [];
    // every line a pattern of its own, its comparison too (told apart without colour)
    for (const l of lines) {
      cols.push([...l.values]);
      series.push({ label: l.label, stroke: l.color, width: 2, dash: dashOf(colors.length), points: { show: buckets.length <= 40 }, spanGaps: false });
      colors.push(l.color);
      if (l.compare) {
        cols.push(xs.map((i) => l.compare?.[i] ?? null));
        series.push({ label: l.compareLabel, stroke: l.color, width: 1.5, dash: dashOf(colors.length), points: { show: false }, spanGaps: false });
        colors.push(l.color);
      }
    }
    const u = new uPlot(
      {
        width: Math.max(240, el.clientWidth),
        height,
        legend: { show: true, live: true, markers: legendMarkers(colors) },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false, range: [-0.5, Math.max(0.5, buckets.length - 0.5)] } },
        axes: [
          { stroke: '#64748b', grid: { show: false }, values: (_u, v) => v.map((i) => (Number.isInteger(i) ? tick(buckets[i] ?? '') : '')) },
          {
            stroke: '#64748b',
            grid: { stroke: '#94a3b833' },
            font: AXIS_FONT,
            ticks: AXIS_TICKS,
            gap: AXIS_GAP,
            size: fitToLabels,
            label: unit,
            labelSize: 18,
            values: (_u, v) => v.map((x) => format(x)),
          },
        ],
        series,
      },
      [xs, ...cols] as uPlot.AlignedData,
      el,
    );
    plainLegend(u);
    const ro = new ResizeObserver(() => u.setSize({ width: Math.max(240, el.clientWidth), height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      u.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the shape string holds every input
  }, [shape]);

  const words = useMemo(() => {
    const columns = lines.flatMap((l) => [
      { label: l.label, unit, values: l.values },
      ...(l.compare ? [{ label: l.compareLabel, unit, values: l.compare }] : []),
    ]);
    return { xs: buckets.map((_, i) => i), columns, xText: (i: number) => buckets[i] ?? '' };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the shape string holds every input
  }, [shape]);
  return (
    <ChartWords xs={words.xs} columns={words.columns} xText={words.xText} xLabel={xLabel}>
      <div ref={box} className="w-full" data-testid={testId} data-buckets={buckets.length} data-lines={lines.length} />
    </ChartWords>
  );
}
