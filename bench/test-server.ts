// The in-process server of the server-side benches: PostgreSQL when DATABASE_URL is set, else
// embedded PGlite; no simulator, so only what the bench seeds is there.
import { startTestServer, type TestServer } from '../server/test/harness';
import { log } from './report';

export async function startBenchServer(group: string): Promise<TestServer> {
  const backend = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  log(`${group} bench on ${backend === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (DATABASE_URL not set)'}`);
  const s = await startTestServer(backend, { config: { simulator: false } });
  // as in production: answers are not checked against the catalogue
  s.services.validateResponses = false;
  return s;
}
