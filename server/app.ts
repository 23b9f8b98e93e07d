import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { CONSOLE_ACCESS_KEY_ID, CONSOLE_ACCESS_KEY_SECRET } from '../protocol/console-key';
import { loadConfig, type Config } from './config';
import { registerSecurityHeaders } from './http/security-headers';
import { registerCompression, registerConsoleFiles } from './http/delivery';
import { QuietRequestLog, registerRequestLog } from './http/request-log';
import { createDb, type Db } from './db/db';
import { migrate } from './db/migrate';
import { configuredRetention, ensurePartitions } from './telemetry/partitions';
import { seedIfEmpty } from './db/seed';
import { seedAlarmHistory } from './alarms/seed-history';
import { Registry } from './registry';
import { Sessions } from './auth/sessions';
import { NonceCache } from './api/nonces';
import { SharedNonces } from './api/nonce-store';
import { createChanges } from './db/changes';
import { checkDeployment } from './deployment';
import { Outbox } from './auth/outbox';
import { registerApi } from './api/pipeline';
import { ExportJobs } from './reports/jobs';
import { registerReportRoutes } from './reports/routes';
import { startScheduleRunner, type MailTransport } from './reports/schedule-runner';
import { startFeedPuller } from './price-feeds/pull';
import { allHandlers } from './actions';
import { createBroker } from './broker';
import { StationCache } from './cache';
import { FleetRuntime } from './fleet/runtime';
import { registerHealth } from './metrics';
import { Ownership } from './cluster/ownership';
import { locksFor } from './cluster/locks';
import type { NotifyOptions } from './notifications/options';
import { Notifications } from './notifications/service';
import type { Channels } from './notifications/channels';
import type { Services } from './services';
import { apiTokenAuthoriser } from './tokens/use';
import { registerOpenApi } from './api/openapi/route';

export interface BuildOptions {
  config?: Partial<Config>;
  /** ms since epoch; tests move time */
  clock?: () => number;
  /** an existing database (tests share nothing else) */
  db?: Db;
  /** PostgreSQL only: a fresh database dropped on close (tests) */
  isolateDb?: boolean;
  logger?: boolean;
  /** seed size override */
  seedStations?: number;
  /** scheduled reports' mail (tests); otherwise SMTP_URL */
  mailTransport?: MailTransport;
  /** alarm notifications: options over NOTIFY_* (tests set pollMs 0 and tick themselves), channels of their own */
  notify?: Partial<NotifyOptions> & { channels?: Channels };
}

export interface App {
  app: FastifyInstance;
  services: Services;
}

/** Builds the whole server without listening; tests call `app.inject`, main.ts listens. */
export const buildApp = async (opts: BuildOptions = {}): Promise<App> => {
  const config: Config = { ...loadConfig(), ...opts.config };
  const clock = opts.clock ?? Date.now;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: 256 * 1024,
    trustProxy: true,
    // each request is a debug line and info a summary a minute (server/http/request-log.ts)
    logController: new QuietRequestLog(),
  });
  registerRequestLog(app, { log: app.log.child({ module: 'http' }), access: config.logAccess });

  registerSecurityHeaders(app, config.mapStyleOrigins ?? []);
  await registerCompression(app);

  // Infrastructure first: database, registry, sessions, broker. A setup that cannot work as
  // configured (docs/deploy.md) stops here, saying why.
  // a secret given in code (tests, benches) counts as set
  if (opts.config?.gatewaySecret !== undefined && opts.config.gatewaySecretRandom === undefined) config.gatewaySecretRandom = false;
  checkDeployment(config);
  const db = opts.db ?? (await createDb({ url: config.databaseUrl, dataDir: config.pgliteDir || undefined, isolate: opts.isolateDb }));
  await migrate(db);
  // telemetry's partitions for today and the days ahead exist before the first sample arrives
  await ensurePartitions(db, clock(), configuredRetention(config));
  // caches of every replica on this database follow each other's writes
  const changes = await createChanges(db, (o, m) => app.log.warn(o, m));
  const seeded = config.seed ? await seedIfEmpty(db, { now: new Date(clock()), stations: opts.seedStations ?? config.simStations }) : null;
  const registry = new Registry();
  await registry.load(db);
  if (seeded) await seedAlarmHistory(db, registry, new Date(clock()));
  registry.share(db, changes, (o, m) => app.log.warn(o, m));

  const sessions = new Sessions(db, {
    idleMs: config.sessionIdleMinutes * 60_000,
    absoluteMs: config.sessionAbsoluteHours * 3_600_000,
    now: clock,
    changes,
  });
  const broker = await createBroker(app, { config, db, registry, sessions, clock });
  const stationCache = new StationCache<unknown>(changes);

  // Parts built on the infrastructure, each given only what it uses.
  // stations (and jobs that run once) are shared out among the replicas on one PostgreSQL
  const ownership = new Ownership({ locks: locksFor(db), log: app.log.child({ module: 'ownership' }) });
  const fleet = new FleetRuntime({ db, clock, config, broker, registry, stationCache, ownership, log: app.log.child({ module: 'fleet' }) });
  await fleet.start();
  // one process remembers nonces itself; replicas on one PostgreSQL share them there
  const nonces =
    db.kind === 'postgres' ? new SharedNonces(db, config.nonceWindowSeconds * 1000, clock) : new NonceCache(config.nonceWindowSeconds * 1000, clock);
  const exportJobs = new ExportJobs({ db, clock, warn: (e, what) => app.log.warn({ err: e }, what) });
  exportJobs.startSweeping();
  // every replica plans and sends; the outbox's claims share the work (docs/notifications.md)
  const { channels: notifyChannels, ...notifyOpts } = opts.notify ?? {};
  const notifications = new Notifications(
    {
      db,
      registry,
      clock,
      log: app.log.child({ module: 'notifications' }),
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      vapid: config.vapid,
      sms: config.sms,
      channels: notifyChannels,
    },
    { ...config.notify, ...notifyOpts },
  );
  notifications.start();
  const services: Services = {
    config,
    db,
    registry,
    sessions,
    apiTokens: apiTokenAuthoriser({ db, clock, config }),
    nonces,
    exportJobs,
    outbox: new Outbox(app.log, config.smtpUrl, config.mailFrom),
    notifications,
    broker,
    stationCache,
    accessKeys: new Map([[CONSOLE_ACCESS_KEY_ID, CONSOLE_ACCESS_KEY_SECRET]]),
    clock,
    live: fleet,
    fleet,
    validateResponses: process.env.NODE_ENV !== 'production',
  };

  const stopSchedules = startScheduleRunner(
    { db, clock, log: app.log.child({ module: 'report-schedules' }) },
    { smtpUrl: config.smtpUrl, transport: opts.mailTransport, from: config.mailFrom, leads: () => ownership.leads() },
  );

  const stopFeedPuller = startFeedPuller({ db, clock, log: app.log.child({ module: 'price-feeds' }) }, () => ownership.leads());

  // HTTP: the signed API, then the small routes, then the console.
  registerApi(app, services, allHandlers);
  registerOpenApi(app);
  registerReportRoutes(app, exportJobs);
  const dbErrors = () => ({ nonces: nonces instanceof SharedNonces ? nonces.dbErrors : 0, changes: changes.errors });
  registerHealth(app, { db, dbKind: db.kind, broker, fleet, dbErrors, ownership: { active: () => ownership.active, stations: () => fleet.ownedStations() } });
  // The homepage map's style: MAP_STYLE_URL, or null for the offline style built in.
  app.get('/map-style.json', async () => ({ url: config.mapStyleUrl ?? null }));

  const staticRoot = resolve(config.staticDir ?? 'dist');
  if (existsSync(resolve(staticRoot, 'index.html'))) {
    await registerConsoleFiles(app, staticRoot);
    // SPA fallback: any GET that is not an API, broker or asset path serves the console.
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/mqtt') && !/\.[a-z0-9]+$/i.test(req.url.split('?')[0]!))
        return reply.type('text/html').sendFile('index.html');
      return reply.code(404).send({ code: 1006, msg: 'not found', data: null });
    });
  }

  app.addHook('onClose', async () => {
    await stopSchedules?.();
    stopFeedPuller();
    await exportJobs.close();
    await notifications.close();
    await fleet.close();
    await broker.close();
    if (nonces instanceof SharedNonces) nonces.close();
    await changes.close();
    if (!opts.db) await db.close();
  });
  return { app, services };
};
