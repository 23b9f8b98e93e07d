// `npm run bench -- peers`: our widgets beside the engines the consoles users would pick instead
// use (ECharts, Leaflet + markercluster, full DOM tables, polling), same data, same Chromium at
// 1600×900, runs alternating in one process. Figures `peer.*`; every ratio is peer ÷ ours (the
// alarm one polling ÷ push), a median over PEERS_RUNS (≥ 5) runs. PEERS_ONLY=trend,map,table,push
// runs a subset. Chromium's version and WebGL renderer go to stderr. docs/performance.md.
import { browserBenchCan, launchUnthrottled } from '../browser';
import { log } from '../report';
import { buildPeerPages } from './peersPages';
import { map } from './peersMap';
import { push } from './peersPush';
import { table } from './peersTable';
import { trend } from './peersTrend';

const RUNS = Math.max(5, Number(process.env.PEERS_RUNS ?? 5));
const ONLY = new Set((process.env.PEERS_ONLY ?? 'trend,map,table,push').split(','));

export async function run(): Promise<void> {
  if (!browserBenchCan('peers')) return;
  const started = Date.now();
  log('building the bench pages');
  const out = await buildPeerPages();
  const browser = await launchUnthrottled();
  try {
    const probe = await browser.newPage();
    const renderer = await probe.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const ext = gl?.getExtension('WEBGL_debug_renderer_info');
      return gl ? String(ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER)) : 'no webgl2';
    });
    await probe.close();
    log(`Chromium ${browser.version()}; WebGL renderer: ${renderer}; ${RUNS} runs per ratio`);
    const sections = { trend, map, table, push };
    for (const [name, fn] of Object.entries(sections)) {
      if (!ONLY.has(name)) continue;
      const t0 = Date.now();
      await fn(browser, out, RUNS);
      log(`${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    }
  } finally {
    await browser.close();
  }
  log(`peers: ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
}
