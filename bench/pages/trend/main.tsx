// Bench page for trend.redraw_p95_ms_1m_x4: the console's TrendChart with 4 series of
// 1,000,000 points each (5 s samples, ~58 days), generated in the page so only drawing is timed.
import { createRoot } from 'react-dom/client';
import { TrendChart, type TrendSeries } from '../../../src/widgets/trend/TrendChart';

const N = Number(new URLSearchParams(location.search).get('n') ?? 1_000_000);
const step = 5;
const t0 = Math.floor(Date.now() / 1000) - N * step;
const xs = new Float64Array(N);
const ys = [0, 1, 2, 3].map(() => new Float64Array(N));
for (let i = 0; i < N; i++) {
  const t = t0 + i * step;
  xs[i] = t;
  ys[0]![i] = 50 + 40 * Math.sin(t / 3600) + 5 * Math.sin(t / 97);
  ys[1]![i] = 30 + 20 * Math.cos(t / 5400) + 3 * Math.sin(t / 61);
  ys[2]![i] = Math.round(4 + 3 * Math.sin(t / 7200)); // a state: drawn as steps
  ys[3]![i] = 60 + 30 * Math.sin(t / 86_400);
}
const series: TrendSeries[] = [
  { label: 'PV kW', color: '#f59e0b', stepwise: false },
  { label: 'Load kW', color: '#3b82f6', stepwise: false },
  { label: 'State', color: '#a855f7', stepwise: true },
  { label: 'SOC %', color: '#10b981', stepwise: false },
];
const range = { min: xs[0]!, max: xs[N - 1]! };
createRoot(document.getElementById('root')!).render(
  <TrendChart series={series} data={[xs, ...ys]} range={range} timeZone="Asia/Shanghai" height={600} testId="trend-chart" />,
);
