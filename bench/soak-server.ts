// The server of `npm run bench -- soak`, in its own process so the soak can stop and start it
// on the same port. Once told which organisation the wall screen shows, it raises alarms on
// that organisation's stations at SOAK_RATE a second through the durable alarm path (stored,
// then pushed), as the rules engine would; each alarm is a new condition, so each is one push.
import { buildApp } from '../server/app';

const env = process.env;
const external = env.SOAK_MQTT_URL
  ? { mqttUrl: env.SOAK_MQTT_URL, mqttPublicWsUrl: env.SOAK_MQTT_WS_URL, mqttAdminUser: env.SOAK_MQTT_USER!, mqttAdminPassword: env.SOAK_MQTT_PASSWORD! }
  : { mqttUrl: undefined };
const built = await buildApp({
  logger: true,
  seedStations: 12,
  config: {
    host: '127.0.0.1',
    port: Number(env.SOAK_PORT ?? 0),
    databaseUrl: env.SOAK_DB_URL || undefined,
    pgliteDir: env.SOAK_PGLITE_DIR ?? '',
    simulator: false,
    seed: true,
    logLevel: 'warn',
    staticDir: 'dist',
    gatewaySecret: 'soak-gateways',
    backfillDays: 0,
    ...external,
  },
});
const { app, services } = built;
await app.listen({ host: '127.0.0.1', port: Number(env.SOAK_PORT ?? 0) });
const alarms = services.fleet!.rules.alarms;
const rate = Number(env.SOAK_RATE ?? 200);
const tag = `soak/${env.SOAK_RUN ?? 'run'}/${process.pid}`;

let timer: NodeJS.Timeout | null = null;
let added = 0;
const generate = (orgId: number) => {
  const stations = services.registry.stationsByProvider.get(orgId) ?? [];
  if (!stations.length || timer) return;
  const t0 = Date.now();
  // a 20 ms tick adds what the rate owes since the start, so a busy tick is made up next time
  timer = setInterval(() => {
    const due = Math.floor(((Date.now() - t0) / 1000) * rate);
    for (; added < due; added++) {
      const stationId = stations[added % stations.length]!;
      alarms.add({
        active: true,
        stationId,
        deviceId: null,
        dedupKey: `${tag}/${added}`,
        code: 'gatewayRestart',
        content: `Soak alarm ${added}`,
        params: {},
        time: new Date(),
      });
    }
  }, 20);
};
const status = () => ({
  added,
  raised: alarms.raised,
  pushed: alarms.pushed,
  waiting: alarms.waiting,
  pushFailures: alarms.pushFailures,
  dbErrors: alarms.dbErrors,
});

process.send!({ type: 'ready', port: (app.server.address() as { port: number }).port, db: services.db.kind });
process.on('message', (m: { type: string; orgId?: number }) => {
  if (m.type === 'generate') generate(m.orgId!);
  else if (m.type === 'status') process.send!({ type: 'status', ...status() });
  else if (m.type === 'quiet') {
    // stop raising; answer once every change raised so far is stored (pushes are not waited
    // for: one to a broker that went away may never settle)
    if (timer) clearInterval(timer);
    const poll = setInterval(() => {
      if (alarms.waiting > 0) return;
      clearInterval(poll);
      void services.db
        .query<{ n: number }>("SELECT count(*)::int AS n FROM alarms WHERE dedup_key LIKE 'soak/%' AND provider_id = $1", [m.orgId])
        .then(([r]) => process.send!({ type: 'quiet', stored: r!.n, ...status() }));
    }, 200);
  } else if (m.type === 'stop') {
    if (timer) clearInterval(timer);
    const t0 = Date.now();
    const stopped = (forced: boolean) => {
      process.send!({ type: 'stopped', forced, closeMs: Date.now() - t0, ...status() });
      process.exit(0);
    };
    // a shutdown that hangs is reported (forced: true) and cut short, as a supervisor would
    const force = setTimeout(() => stopped(true), 15_000);
    void app.close().then(() => {
      clearTimeout(force);
      stopped(false);
    });
  }
});
