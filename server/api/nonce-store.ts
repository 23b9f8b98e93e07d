import type { Queryable } from '../db/db';
import { NonceCache, type NonceStore } from './nonces';

// Nonces shared by every replica on one PostgreSQL (request_nonces, unique on access key and
// nonce): a request replayed to another replica finds its row and is refused. Claims that
// arrive while a batch is being written wait for the next one, so under load a whole batch
// costs one round trip (the read benchmark sends thousands a second). The process's own cache
// answers a local replay without the database. Rows older than the window are swept.

const SWEEP_MS = 60_000;

interface Pending {
  key: string;
  nonce: string;
  resolve: (fresh: boolean) => void;
  reject: (e: unknown) => void;
}

export class SharedNonces implements NonceStore {
  private readonly local: NonceCache;
  private queue: Pending[] = [];
  private writing = false;
  private readonly timer: NodeJS.Timeout;
  /** failed database claims (metrics) */
  dbErrors = 0;

  constructor(
    private readonly db: Queryable,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {
    this.local = new NonceCache(windowMs, now);
    this.timer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  claim(accessKeyId: string, nonce: string): boolean | Promise<boolean> {
    if (!this.local.claim(accessKeyId, nonce)) return false;
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ key: accessKeyId, nonce, resolve, reject });
      if (!this.writing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.writing = true;
    while (this.queue.length) {
      const batch = this.queue;
      this.queue = [];
      try {
        const fresh = await this.db.query<{ k: string; n: string }>(
          `INSERT INTO request_nonces(access_key_id, nonce, seen_at)
           SELECT k, n, $3 FROM unnest($1::text[], $2::text[]) AS t(k, n)
           ON CONFLICT DO NOTHING RETURNING access_key_id AS k, nonce AS n`,
          [batch.map((p) => p.key), batch.map((p) => p.nonce), new Date(this.now())],
        );
        const got = new Set(fresh.map((r) => `${r.k}\n${r.n}`));
        for (const p of batch) p.resolve(got.has(`${p.key}\n${p.nonce}`));
      } catch (e) {
        this.dbErrors++;
        for (const p of batch) p.reject(e);
      }
    }
    this.writing = false;
  }

  /** Drops rows past the window (any replica may; the others' deletes find nothing). */
  async sweep(): Promise<void> {
    await this.db.query('DELETE FROM request_nonces WHERE seen_at < $1', [new Date(this.now() - this.windowMs)]).catch(() => {
      this.dbErrors++;
    });
  }

  close(): void {
    clearInterval(this.timer);
  }
}
