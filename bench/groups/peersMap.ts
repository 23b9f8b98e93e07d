// Maps beside Leaflet + markercluster (bench/pages/peers/mapOurs.tsx, mapLeaflet.ts): for each
// size, one page per engine, mounted once; then runs alternate the same drag path on each.
import type { Browser } from 'playwright-core';
import { log, median, percentile, report } from '../report';
import { call, openView } from './peersPages';

export async function map(browser: Browser, out: string, runs: number): Promise<void> {
  for (const n of [10_000, 50_000]) {
    const k = `${n / 1000}k`;
    const pages = { ours: await openView(browser, out, 'map-ours'), leaflet: await openView(browser, out, 'map-leaflet') };
    try {
      for (const [who, p] of Object.entries(pages)) log(`map ${k} ${who}: mounted in ${(await call<number>(p, 'mount', n)).toFixed(0)} ms`);
      await pages.ours.waitForTimeout(1500); // tiles of the style, the first layer upload
      // one drag each, not counted: the first drag of a page compiles its code paths
      for (const p of Object.values(pages)) await call<number[]>(p, 'pan');
      const ours: number[][] = [];
      const peer: number[][] = [];
      for (let i = 0; i < runs; i++) {
        const order = i % 2 === 0 ? (['ours', 'leaflet'] as const) : (['leaflet', 'ours'] as const);
        for (const who of order) {
          const f = await call<number[]>(pages[who], 'pan');
          (who === 'ours' ? ours : peer).push(f);
          log(`map ${k} run ${i + 1} ${who}: ${f.length} frames, median ${percentile(f, 50).toFixed(1)} ms, p95 ${percentile(f, 95).toFixed(1)} ms`);
          if (process.env.PEERS_FRAMES)
            log(
              `  longest frames (index: ms): ${f
                .map((ms, at) => [at, ms] as const)
                .sort((a, b) => b[1] - a[1])
                .slice(0, 5)
                .map(([at, ms]) => `${at}: ${ms.toFixed(1)}`)
                .join(', ')}`,
            );
        }
      }
      report(`peer.map_pan_p95_ms_${k}.ours`, percentile(ours.flat(), 95), 'ms');
      report(`peer.map_pan_p95_ms_${k}.leaflet`, percentile(peer.flat(), 95), 'ms');
      report(`peer.map_pan_ratio_${k}`, median(ours.map((o, i) => percentile(peer[i]!, 95) / percentile(o, 95))), 'x');
    } finally {
      await pages.ours.close();
      await pages.leaflet.close();
    }
  }
}
