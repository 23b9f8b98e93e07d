// Trends beside ECharts (bench/pages/peers/trendOurs.tsx, trendEcharts.ts): per run, a fresh page
// per engine mounts a small chart (so the engine's code is compiled), one 166,000-point series
// (first render: mount to the data drawn), then 4 × 1,000,000 points and walks a
// wheel session (zoom in, pan, zoom out) timing each redraw. Runs alternate which engine goes first.
import type { Browser } from 'playwright-core';
import { log, median, percentile, report } from '../report';
import { call, openView } from './peersPages';

const ZOOM_IN = Number(process.env.PEERS_TREND_ZOOM ?? 6);
const PAN = Number(process.env.PEERS_TREND_PAN ?? 6);

interface TrendRun {
  first: number;
  load: number;
  redraws: number[];
}

async function once(browser: Browser, out: string, view: string): Promise<TrendRun> {
  const page = await openView(browser, out, view);
  try {
    await call<number>(page, 'mount', 1000, 1); // the engine's code compiled: first renders are the data's, not the JIT's
    const first = await call<number>(page, 'mount', 166_000, 1);
    const load = await call<number>(page, 'mount', 1_000_000, 4);
    const redraws = await call<number[]>(page, 'redraw', ZOOM_IN, PAN, ZOOM_IN);
    return { first, load, redraws };
  } finally {
    await page.close();
  }
}

export async function trend(browser: Browser, out: string, runs: number): Promise<void> {
  const ours: TrendRun[] = [];
  const peer: TrendRun[] = [];
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? (['ours', 'echarts'] as const) : (['echarts', 'ours'] as const);
    for (const who of order) {
      const r = await once(browser, out, `trend-${who}`);
      (who === 'ours' ? ours : peer).push(r);
      log(
        `trend run ${i + 1} ${who}: first render 166k ${r.first.toFixed(1)} ms, 4×1M mounted in ${r.load.toFixed(0)} ms, redraw p95 ${percentile(r.redraws, 95).toFixed(1)} ms (median ${percentile(r.redraws, 50).toFixed(1)})`,
      );
    }
  }
  const firstRatio = median(ours.map((o, i) => peer[i]!.first / o.first));
  const redrawRatio = median(ours.map((o, i) => percentile(peer[i]!.redraws, 95) / percentile(o.redraws, 95)));
  report('peer.trend_first_render_166k_ms.ours', median(ours.map((r) => r.first)), 'ms');
  report('peer.trend_first_render_166k_ms.echarts', median(peer.map((r) => r.first)), 'ms');
  report(
    'peer.trend_redraw_p95_ms_1m_x4.ours',
    percentile(
      ours.flatMap((r) => r.redraws),
      95,
    ),
    'ms',
  );
  report(
    'peer.trend_redraw_p95_ms_1m_x4.echarts',
    percentile(
      peer.flatMap((r) => r.redraws),
      95,
    ),
    'ms',
  );
  report('peer.trend_mount_ms_1m_x4.ours', median(ours.map((r) => r.load)), 'ms');
  report('peer.trend_mount_ms_1m_x4.echarts', median(peer.map((r) => r.load)), 'ms');
  report('peer.trend_first_render_ratio_166k', firstRatio, 'x');
  report('peer.trend_redraw_ratio_1m_x4', redrawRatio, 'x');
}
