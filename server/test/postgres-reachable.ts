import pg from 'pg';

/** Why a suite that needs the machine's PostgreSQL cannot run here, or null when it can: the
 *  reason is printed by the caller, so a skipped suite always says why. */
export const postgresSkipReason = async (url: string | undefined): Promise<string | null> => {
  if (!url) return 'DATABASE_URL is not set';
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return null;
  } catch (e) {
    return `PostgreSQL at DATABASE_URL is not reachable (${e instanceof Error ? e.message : String(e)})`;
  }
};
