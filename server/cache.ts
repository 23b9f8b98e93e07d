import type { ChangeBus } from './db/changes';

/**
 * Read-through cache of per-station answers (station info is the hottest read). Entries are
 * dropped by every write that may change them: the pipeline invalidates the station named by
 * a successful write action (or everything when the write names none), and the fleet does
 * the same when it raises or recovers an alarm. Every invalidation is told to the other
 * replicas (`changes`), which drop the same entries within milliseconds. Keys include the
 * station-local date where the answer depends on it (the tariff in force), so midnight needs
 * no timer.
 */
export class StationCache<V> {
  private entries = new Map<number, { key: string; value: V }>();

  constructor(private readonly changes?: ChangeBus) {
    changes?.listen({
      apply: (c) => {
        if (c.kind === 'station') this.drop(c.stationId ?? undefined);
        else if (c.kind === 'registry') this.drop();
      },
      resync: () => this.drop(),
    });
  }

  get(stationId: number, key: string): V | undefined {
    const e = this.entries.get(stationId);
    return e && e.key === key ? e.value : undefined;
  }

  set(stationId: number, key: string, value: V): void {
    this.entries.set(stationId, { key, value });
  }

  invalidate(stationId?: number): void {
    this.drop(stationId);
    void this.changes?.publish({ kind: 'station', stationId: stationId ?? null });
  }

  private drop(stationId?: number): void {
    if (stationId === undefined) this.entries.clear();
    else this.entries.delete(stationId);
  }
}
