// Our trend widget on the peers page: mount with data, then a wheel session, each step timed
// from the wheel event to the chart's draw (TrendChart counts draws in data-draws).
import { createRoot, type Root } from 'react-dom/client';
import { TrendChart } from '../../../src/widgets/trend/TrendChart';
import { TREND_SERIES, trendColumns, wheelRanges } from './data';
import { afterPaint, whenAttr } from './timing';
import type { TrendView } from './views';

let root: Root | null = null;
let box: HTMLDivElement | null = null;
const draws = () => Number(box?.querySelector('[data-testid=trend-chart]')?.getAttribute('data-draws') ?? 0);

const view: TrendView = {
  async mount(n, series) {
    root?.unmount();
    box?.remove();
    const { xs, ys } = trendColumns(n, series);
    box = document.createElement('div');
    document.getElementById('root')!.append(box);
    const t0 = performance.now();
    root = createRoot(box);
    root.render(
      <TrendChart
        series={TREND_SERIES.slice(0, series)}
        data={[xs, ...ys]}
        range={{ min: xs[0]!, max: xs[n - 1]! }}
        timeZone="Asia/Shanghai"
        height={600}
        testId="trend-chart"
      />,
    );
    await whenAttr(box, () => draws() >= 1);
    const ms = performance.now() - t0;
    await afterPaint();
    return ms;
  },
  async redraw(zoomIn, pan, zoomOut) {
    const over = box!.querySelector('.u-over')!;
    const r = over.getBoundingClientRect();
    const out: number[] = [];
    for (const s of wheelRanges(0, 1, 0.55, zoomIn, pan, zoomOut)) {
      const n = draws();
      const t0 = performance.now();
      over.dispatchEvent(
        new WheelEvent('wheel', {
          deltaY: s.dy,
          shiftKey: s.shift,
          clientX: r.left + r.width * 0.55,
          clientY: r.top + r.height / 2,
          bubbles: true,
          cancelable: true,
        }),
      );
      await whenAttr(box!, () => draws() > n, 10_000);
      out.push(performance.now() - t0);
      await afterPaint();
    }
    return out;
  },
};
export default view;
