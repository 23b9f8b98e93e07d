import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { DurableAlarms } from '../alarms/durable';
import type { PushBroker } from '../broker/types';
import type { Queryable } from '../db/db';
import type { TelemetryStore } from '../telemetry/store';

// Health and metrics of the process (docs/server.md): `/healthz` answers while the process
// runs; `/readyz` only while the database and the broker answer (a load balancer stops sending
// traffic otherwise); `/metrics` in the Prometheus text format. The fleet's figures are read
// from the parts that keep them when Prometheus scrapes, so the ingest path counts in plain
// fields and never calls into this module.

export interface HealthDeps {
  db: Queryable;
  dbKind: 'pglite' | 'postgres';
  broker: PushBroker;
  /** the telemetry store and the alarm queue, when the fleet runs */
  fleet: { store: TelemetryStore; rules: { alarms: DurableAlarms } } | null;
  /** station ownership among replicas (docs/deploy.md): the lock connection stands, stations handled here */
  ownership?: { active(): boolean; stations(): number };
  /** failed database work outside the fleet, by part (shared nonces, change notifications) */
  dbErrors?: () => Record<string, number>;
}

const READY_TIMEOUT_MS = 2_000;

const within = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

const quantile = (xs: readonly number[], q: number): number => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

/** A counter whose value lives elsewhere: set from `read` at each scrape. */
const mirrored = (registry: Registry, name: string, help: string, labelNames: string[], read: () => [Record<string, string>, number][]) =>
  new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, v] of read()) this.inc(labels, v);
    },
  });

export const registerHealth = (app: FastifyInstance, deps: HealthDeps): Registry => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'ems_api_requests_total',
    help: 'Signed API requests by action and outcome (ok, or the HTTP status of the refusal)',
    labelNames: ['action', 'outcome'],
    registers: [registry],
  });
  app.addHook('onResponse', (req, reply, done) => {
    if (req.apiCall) requests.inc({ action: req.apiCall.action?.name ?? 'unknown', outcome: reply.statusCode === 200 ? 'ok' : String(reply.statusCode) });
    done();
  });
  const f = deps.fleet;
  if (f) {
    const { store } = f;
    const alarms = f.rules.alarms;
    mirrored(registry, 'ems_telemetry_frames_accepted_total', 'Gateway frames taken by the store', [], () => [[{}, store.accepted]]);
    mirrored(registry, 'ems_telemetry_frames_rejected_total', 'Gateway frames and device samples refused at ingest, by reason', ['reason'], () =>
      [...store.rejections.byReason].map(([reason, n]) => [{ reason }, n]),
    );
    mirrored(registry, 'ems_telemetry_dropped_rows_total', 'Rows dropped because the outage buffer was full', ['kind'], () => [
      [{ kind: 'raw' }, store.held.dropped.raw],
      [{ kind: 'rollup' }, store.held.dropped.rollup],
    ]);
    mirrored(registry, 'ems_db_errors_total', 'Failed database writes, by writer (retried)', ['part'], () => [
      [{ part: 'telemetry' }, store.held.dbErrors],
      [{ part: 'alarms' }, alarms.dbErrors],
      ...Object.entries(deps.dbErrors?.() ?? {}).map(([part, n]): [Record<string, string>, number] => [{ part }, n]),
    ]);
    mirrored(registry, 'ems_alarm_pushes_total', 'Alarm pushes published, by outcome', ['outcome'], () => [
      [{ outcome: 'ok' }, alarms.pushed],
      [{ outcome: 'failed' }, alarms.pushFailures],
    ]);
    new Gauge({
      name: 'ems_telemetry_held_rows',
      help: 'Telemetry rows waiting for the database',
      registers: [registry],
      collect() {
        this.set(store.held.heldRows + store.held.heldEnergy);
      },
    });
    new Gauge({
      name: 'ems_alarm_changes_waiting',
      help: 'Alarm raises and recoveries waiting to be stored',
      registers: [registry],
      collect() {
        this.set(alarms.waiting);
      },
    });
    new Gauge({
      name: 'ems_ingest_lag_seconds',
      help: 'Sample time to durable, over the last 1,000 frames written',
      labelNames: ['quantile'],
      registers: [registry],
      collect() {
        const recent = store.lags.slice(-1000);
        for (const q of [0.5, 0.99]) this.set({ quantile: String(q) }, quantile(recent, q) / 1000);
      },
    });
  }

  const own = deps.ownership;
  if (own && !registry.getSingleMetric('ems_owned_stations'))
    new Gauge({
      name: 'ems_owned_stations',
      help: 'Stations this replica handles (ingest, alarms, energy, commands)',
      registers: [registry],
      collect() {
        this.set(own.stations());
      },
    });

  app.get('/healthz', async () => ({ ok: true, db: deps.dbKind, broker: deps.broker.kind }));
  app.get('/readyz', async (_req, reply) => {
    const db = await within(deps.db.query('SELECT 1'), READY_TIMEOUT_MS).then(
      () => 'up' as const,
      () => 'down' as const,
    );
    const broker = deps.broker.reachable() ? 'up' : 'down';
    const owning = own ? own.active() : true;
    const ready = db === 'up' && broker === 'up' && owning;
    return reply.code(ready ? 200 : 503).send({ ready, db, broker, ...(own ? { ownership: owning ? 'up' : 'down', ownedStations: own.stations() } : {}) });
  });
  app.get('/metrics', async (_req, reply) => reply.type(registry.contentType).send(await registry.metrics()));
  return registry;
};
