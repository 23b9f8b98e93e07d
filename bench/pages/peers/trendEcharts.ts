// ECharts (as ThingsBoard draws time series) on the same data as our trend widget, with its
// large-data options on: LTTB sampling, progressive rendering, the 'filter' data zoom (only the
// visible window is sampled), canvas renderer, no animation, no symbols. Line series have no
// `large` mode (that is for bar and scatter series). Data goes in as typed arrays (x, y interleaved),
// ECharts' cheapest input. Zoom and pan are dispatched as dataZoom actions over the same ranges the
// wheel walks through on our chart (the peer is spared its wheel throttle).
import * as echarts from 'echarts';
import { TREND_SERIES, trendColumns, wheelRanges } from './data';
import { afterPaint } from './timing';
import type { TrendView } from './views';

let chart: echarts.ECharts | null = null;
let box: HTMLDivElement | null = null;
let span = { min: 0, max: 1 };

const finished = (c: echarts.ECharts, act: () => void): Promise<void> =>
  new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error('echarts never finished')), 60_000);
    const done = () => {
      c.off('finished', done);
      clearTimeout(timer);
      res();
    };
    c.on('finished', done);
    act();
  });

const PROGRESSIVE = Number(new URLSearchParams(location.search).get('progressive') ?? 5000);

const view: TrendView = {
  async mount(n, series) {
    chart?.dispose();
    box?.remove();
    const { xs, ys } = trendColumns(n, series);
    const pairs = ys.map((y) => {
      const a = new Float64Array(n * 2);
      for (let i = 0; i < n; i++) {
        a[2 * i] = xs[i]! * 1000;
        a[2 * i + 1] = y[i]!;
      }
      return a;
    });
    span = { min: xs[0]! * 1000, max: xs[n - 1]! * 1000 };
    box = document.createElement('div');
    box.style.cssText = 'width:1600px;height:600px';
    document.getElementById('root')!.append(box);
    const t0 = performance.now();
    const c = echarts.init(box, null, { renderer: 'canvas' });
    chart = c;
    await finished(c, () =>
      c.setOption({
        animation: false,
        legend: { show: true },
        grid: { left: 60, right: 60, top: 30, bottom: 40 },
        xAxis: { type: 'time' },
        yAxis: { type: 'value', scale: true },
        dataZoom: [{ type: 'inside', filterMode: 'filter', throttle: 0 }],
        series: pairs.map((data, k) => ({
          type: 'line' as const,
          name: TREND_SERIES[k]!.label,
          data: data as unknown as number[][],
          dimensions: ['x', 'y'],
          showSymbol: false,
          symbol: 'none',
          sampling: 'lttb' as const,
          progressive: PROGRESSIVE,
          progressiveThreshold: 3000,
          step: TREND_SERIES[k]!.stepwise ? ('end' as const) : false,
          lineStyle: { width: 1.5, color: TREND_SERIES[k]!.color },
          emphasis: { disabled: true },
        })),
      }),
    );
    const ms = performance.now() - t0;
    await afterPaint();
    return ms;
  },
  async redraw(zoomIn, pan, zoomOut) {
    const c = chart!;
    const out: number[] = [];
    for (const s of wheelRanges(span.min, span.max, 0.55, zoomIn, pan, zoomOut)) {
      const t0 = performance.now();
      await finished(c, () => c.dispatchAction({ type: 'dataZoom', startValue: s.min, endValue: s.max }));
      out.push(performance.now() - t0);
      await afterPaint();
    }
    return out;
  },
};
export default view;
