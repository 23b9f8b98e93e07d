// Tables beside a full DOM table (bench/pages/peers/tableOurs.tsx, tableFull.ts): per run, a
// fresh page per engine mounts 100,000 alarm rows (to the first frame painted); the first run also
// scrolls each one 120 px step per frame (PEERS_TABLE_SCROLL_FRAMES: a frame of the full table
// costs seconds on a loaded 2-core machine). Runs alternate which goes first.
import type { Browser } from 'playwright-core';
import { log, median, percentile, report } from '../report';
import { call, openView } from './peersPages';

const N = 100_000;
const SCROLL_FRAMES = Number(process.env.PEERS_TABLE_SCROLL_FRAMES ?? 12);

export async function table(browser: Browser, out: string, runs: number): Promise<void> {
  const mount = { ours: [] as number[], full: [] as number[] };
  const scroll = { ours: [] as number[], full: [] as number[] };
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? (['ours', 'full'] as const) : (['full', 'ours'] as const);
    for (const who of order) {
      const page = await openView(browser, out, `table-${who}`);
      try {
        const ms = await call<number>(page, 'mount', N);
        const rows = await call<number>(page, 'rows');
        const f = i === 0 ? await call<number[]>(page, 'scroll', SCROLL_FRAMES) : [];
        mount[who].push(ms);
        scroll[who].push(...f);
        log(
          `table run ${i + 1} ${who}: mounted ${N} records (${rows} rows in the DOM) in ${ms.toFixed(1)} ms${f.length ? `; scroll p95 ${percentile(f, 95).toFixed(1)} ms over ${f.length} frames` : ''}`,
        );
      } finally {
        await page.close();
      }
    }
  }
  report('peer.table_mount_ms_100k.ours', median(mount.ours), 'ms');
  report('peer.table_mount_ms_100k.full_dom', median(mount.full), 'ms');
  report('peer.table_scroll_p95_ms_100k.ours', percentile(scroll.ours, 95), 'ms');
  report('peer.table_scroll_p95_ms_100k.full_dom', percentile(scroll.full, 95), 'ms');
  report('peer.table_mount_ratio_100k', median(mount.ours.map((o, i) => mount.full[i]! / o)), 'x');
}
