import { describe, expect, it } from 'vitest';
import { chartFigures, summaryText, tableRows, type SummaryTexts } from '../summary';

const texts: SummaryTexts = {
  range: ({ series, from, to }) => `${series}, ${from} to ${to}.`,
  figures: ({ label, min, max, latest }) => `${label}: lowest ${min}, highest ${max}, latest ${latest}.`,
  noValues: ({ label }) => `${label}: no data.`,
  empty: 'No data.',
  list: (l) => l.join(', '),
};
const x = (v: number) => `t${v}`;
const num = (v: number) => v.toFixed(1);

describe('chart summary', () => {
  it('names the series and the range, then each series lowest, highest and latest with its unit', () => {
    const f = chartFigures(
      [10, 20, 30, 40],
      [
        { label: 'Power', unit: 'kW', values: [5, -2, 9, 3] },
        { label: 'SOC', unit: '%', values: new Float64Array([50, 60, NaN, NaN]) },
      ],
    );
    expect(summaryText(f, x, num, texts)).toBe(
      'Power, SOC, t10 to t40. Power: lowest -2.0 kW, highest 9.0 kW, latest 3.0 kW. SOC: lowest 50.0 %, highest 60.0 %, latest 60.0 %.',
    );
  });

  it('latest is the last value there is, gaps skipped; a series without values says so', () => {
    const f = chartFigures(
      [1, 2, 3],
      [
        { label: 'A', unit: '', values: [1, 4, null] },
        { label: 'B', unit: 'kWh', values: [null, undefined, null] },
      ],
    );
    expect(f.series[0]).toEqual({ label: 'A', unit: '', min: 1, max: 4, latest: 4 });
    expect(summaryText(f, x, num, texts)).toBe('A, B, t1 to t3. A: lowest 1.0, highest 4.0, latest 4.0. B: no data.');
  });

  it('an empty chart says it has no data', () => {
    expect(summaryText(chartFigures([], [{ label: 'A', unit: 'kW', values: [] }]), x, num, texts)).toBe('A. No data.');
  });

  it('a long series is cut to evenly spread rows holding the first and the last', () => {
    expect(tableRows(3, 10)).toEqual([0, 1, 2]);
    const rows = tableRows(1001, 5);
    expect(rows).toEqual([0, 250, 500, 750, 1000]);
  });
});

describe('the shown part', () => {
  it('keeps the samples inside the range, typed arrays included', async () => {
    const { within } = await import('../summary');
    const cut = within(new Float64Array([1, 2, 3, 4]), [{ label: 'A', unit: '', values: new Float64Array([10, 20, 30, 40]) }], 2, 3);
    expect(Array.from(cut.xs)).toEqual([2, 3]);
    expect(Array.from(cut.columns[0]!.values)).toEqual([20, 30]);
  });
});
