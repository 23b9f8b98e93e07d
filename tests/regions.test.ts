// The seeded stations' regions are stored in English; every one has a name in both catalogues,
// so a Chinese reader never sees "Jiangsu" in the station list.
import { describe, expect, it } from 'vitest';
import enMonitor from '../locales/en/monitor.json';
import zhMonitor from '../locales/zh/monitor.json';
import { SITES } from '../server/db/seed-data';

describe('seeded regions', () => {
  const regions = [...new Set(SITES.map((s) => s.region))];
  it('have a Chinese name of their own and an English one', () => {
    const zh: Record<string, string> = zhMonitor.regionName;
    const en: Record<string, string> = enMonitor.regionName;
    for (const r of regions) {
      expect(zh[r], r).toBeTruthy();
      expect(zh[r], r).not.toMatch(/[A-Za-z]/);
      expect(en[r], r).toBe(r);
    }
  });
});
