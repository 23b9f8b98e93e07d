import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gwTopic } from '../../protocol/fleet';
import type { PushBroker } from '../broker/types';
import { startTestServer, type TestServer } from '../test/harness';
import { registerHealth } from '.';

const metricValue = (text: string, series: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : NaN;
};

describe('health and metrics endpoints', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite');
  });
  afterAll(async () => s?.close());

  it('answers /healthz and /readyz while the database and broker answer', async () => {
    const h = await s.app.inject({ method: 'GET', url: '/healthz' });
    expect(h.statusCode).toBe(200);
    expect(h.json()).toMatchObject({ ok: true });
    const r = await s.app.inject({ method: 'GET', url: '/readyz' });
    expect(r.statusCode).toBe(200);
    // embedded mode is one process: it handles every station
    expect(r.json()).toEqual({ ready: true, db: 'up', broker: 'up', ownership: 'up', ownedStations: s.services.registry.stations.size });
  });

  it('counts requests by action and outcome, and refused frames by reason', async () => {
    await s.login('admin', 'Admin@2026');
    await s.call('queryProfile', {});
    const fleet = s.services.fleet!;
    const station = [...s.services.registry.stations.keys()][0]!;
    fleet.onMessage(gwTopic(station, 'telemetry'), '{not json');
    fleet.onMessage(gwTopic(station, 'telemetry'), JSON.stringify({ ver: 1, stationId: station, seq: 1, ts: Date.now() + 10 * 365 * 86_400_000, devices: [] }));
    // JSON, but not a status or an acknowledgement: counted like a refused frame, not dropped unseen
    fleet.onMessage(gwTopic(station, 'status'), JSON.stringify({ online: 'yes' }));
    fleet.onMessage(gwTopic(station, 'ack'), JSON.stringify({ ok: true }));
    const m = await s.app.inject({ method: 'GET', url: '/metrics' });
    expect(m.statusCode).toBe(200);
    expect(m.headers['content-type']).toContain('text/plain');
    const text = m.body;
    expect(metricValue(text, 'ems_api_requests_total{action="login",outcome="ok"}')).toBe(1);
    expect(metricValue(text, 'ems_api_requests_total{action="queryProfile",outcome="401"}')).toBe(1);
    expect(metricValue(text, 'ems_telemetry_frames_rejected_total{reason="invalidJson"}')).toBe(1);
    expect(metricValue(text, 'ems_telemetry_frames_rejected_total{reason="future"}')).toBe(1);
    expect(metricValue(text, 'ems_telemetry_frames_rejected_total{reason="statusSchema"}')).toBe(1);
    expect(metricValue(text, 'ems_telemetry_frames_rejected_total{reason="ackSchema"}')).toBe(1);
    expect(metricValue(text, 'ems_db_errors_total{part="telemetry"}')).toBe(0);
    expect(metricValue(text, 'ems_db_errors_total{part="nonces"}')).toBe(0);
    for (const name of [
      'ems_alarm_pushes_total',
      'ems_ingest_lag_seconds',
      'ems_telemetry_held_rows',
      'ems_telemetry_frames_accepted_total',
      'process_cpu_seconds_total',
    ])
      expect(text).toContain(`# TYPE ${name}`);
  });

  it('is not ready while the database or the broker does not answer', async () => {
    let brokerUp = true;
    const broker = { kind: 'external', reachable: () => brokerUp } as unknown as PushBroker;
    let dbUp = true;
    const db = { query: async () => (dbUp ? [] : Promise.reject(new Error('connection refused'))) };
    const app = Fastify();
    registerHealth(app, { db: db as never, dbKind: 'postgres', broker, fleet: null });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    dbUp = false;
    const down = await app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ ready: false, db: 'down', broker: 'up' });
    dbUp = true;
    brokerUp = false;
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ ready: false, db: 'up', broker: 'down' });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });
});
