// The server under test, in its own process so the load generator does not share its core.
import Fastify from 'fastify';
import { createHash } from 'node:crypto';
import { buildApp } from '../server/app';

const backend = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const { app, services } = await buildApp({
  logger: false,
  isolateDb: backend === 'postgres',
  config: {
    databaseUrl: backend === 'postgres' ? (process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') : undefined,
    pgliteDir: '',
    simulator: false,
    mqttUrl: undefined,
    staticDir: '.tmp/no-static',
    logLevel: 'warn',
  },
});
services.validateResponses = false;
await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
// The baseline receives the same signed form bodies as the actions (so both sides of the
// ratio carry the same transport and load-generator cost) and does nothing with them.
bare.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) => done(null, body));
bare.post('/bare', async () => ({ code: 0, msg: 'success', data: { ok: true } }));
await bare.listen({ port: 0, host: '127.0.0.1' });

// Unresolved alarms for the write benchmark: each request resolves a different one.
const stationId = services.registry.stationsByProvider.get(services.registry.providerIds[0]!)![0]!;
const providerId = services.registry.stations.get(stationId)!.providerId;
// They are the bench's fixture, not alarms being raised: inserted with triggers off, so the
// notification planner does not plan 120,000 "raised" messages during the run (on PGlite, which
// shares the server's thread, that planning blocked every request, the bare route's too).
// Resolving one in the run fires its trigger as in production.
const n = Number(process.env.BENCH_ALARMS ?? 120_000);
await services.db.tx(async (q) => {
  await q.query('SET LOCAL session_replication_role = replica');
  await q.query(
    `INSERT INTO alarms(provider_id, station_id, device_type, rule_code, category, type, status, content, happen_time, dedup_key)
     SELECT $1, $2, 'gateway', 'benchRule', 'event', 'event', 1, 'bench alarm ' || g, now(), 'bench:' || g FROM generate_series(1, $3) g`,
    [providerId, stationId, n],
  );
});
const [range] = await services.db.query<{ lo: number; hi: number }>("SELECT min(id) AS lo, max(id) AS hi FROM alarms WHERE rule_code='benchRule'");
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const port = (app.server.address() as { port: number }).port;
const barePort = (bare.server.address() as { port: number }).port;
process.send!({ port, barePort, stationId, alarmLo: range!.lo, alarmHi: range!.hi, password: md5('Admin@2026'), db: services.db.kind });
process.on('message', async (m) => {
  if (m === 'stop') {
    await bare.close();
    await app.close();
    process.exit(0);
  }
});
