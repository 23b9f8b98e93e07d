// One page, one view per load (?view=…): only that engine's code is fetched. The view is put on
// window.bench for the runner, and window.benchReady tells it the view has loaded.
import './style.css';

const VIEWS = {
  'trend-ours': () => import('./trendOurs'),
  'trend-echarts': () => import('./trendEcharts'),
  'map-ours': () => import('./mapOurs'),
  'map-leaflet': () => import('./mapLeaflet'),
  'table-ours': () => import('./tableOurs'),
  'table-full': () => import('./tableFull'),
} as const;

const name = new URLSearchParams(location.search).get('view') as keyof typeof VIEWS;
const w = window as unknown as { bench: unknown; benchReady: boolean };
void VIEWS[name]().then((m) => {
  w.bench = m.default;
  w.benchReady = true;
});
