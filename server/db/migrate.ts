import { readdirSync, readFileSync } from 'node:fs';
import type { Db } from './db';

const dir = new URL('./migrations/', import.meta.url);

/** Applies numbered SQL files in order, each once, each in its own transaction. */
export const migrate = async (db: Db): Promise<string[]> => {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const f of files) {
    if (done.has(f)) continue;
    const sql = readFileSync(new URL(f, dir), 'utf8');
    await db.exec(`BEGIN;\n${sql}\nINSERT INTO schema_migrations(version) VALUES ('${f}');\nCOMMIT;`);
    applied.push(f);
  }
  return applied;
};
