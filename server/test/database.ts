import { createDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { seedIfEmpty } from '../db/seed';

/** A migrated database of the suite's own on `backend` (a schema of its own on PostgreSQL), with the demo seed of `stations` stations as of `now`. */
export const seededDb = async (backend: 'pglite' | 'postgres', now: Date, stations: number): Promise<Db> => {
  const db = await createDb({ url: backend === 'postgres' ? process.env.DATABASE_URL : undefined, isolate: backend === 'postgres' });
  await migrate(db);
  await seedIfEmpty(db, { now, stations });
  return db;
};
