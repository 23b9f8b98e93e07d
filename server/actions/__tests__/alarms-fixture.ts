import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { seedAlarmHistory } from '../../alarms/seed-history';
import { raiseAlarm } from '../../alarms/store';

type Backend = Parameters<typeof startTestServer>[0];

// The world of the alarm action suites: a server with an alarm history and one open alarm per
// provider for certain, every push it sends, the platform's and provider A's administrators, and
// an account that sees only A's busiest station.

export const DAY = 86_400_000;
export type Issues = { issues: { path: string; issue: string }[] };
export const paths = (data: unknown) => (data as Issues).issues.map((i) => i.path);

export interface AlarmsWorld {
  s: TestServer;
  root: string;
  adminA: string; // provider A's administrator
  A: number;
  B: number;
  stationsA: number[];
  stationsB: number[];
  /** a station of A with alarms, and an account that sees only it */
  stationX: number;
  scoped: string;
  /** every push the server sends */
  sent: { topic: string; payload: string }[];
  q: <T>(sql: string, params?: unknown[]) => Promise<T[]>;
  /** the first open alarm of a provider */
  openOf: (providerId: number) => Promise<{ id: number; stationId: number }>;
  countWhere: (where: string, params: unknown[]) => Promise<number>;
}

/** Starts a server on `backend` for the enclosing describe block; fields are set once beforeAll has run. */
export const alarmsWorld = (backend: Backend): AlarmsWorld => {
  const w = { sent: [] as AlarmsWorld['sent'] } as AlarmsWorld;
  const q = (w.q = <T>(sql: string, params?: unknown[]) => w.s.services.db.query<T>(sql, params));
  w.openOf = async (providerId) =>
    (
      await q<{ id: number; stationId: number }>('SELECT id, station_id AS "stationId" FROM alarms WHERE provider_id = $1 AND status = 1 ORDER BY id LIMIT 1', [
        providerId,
      ])
    )[0]!;
  w.countWhere = async (where, params) => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM alarms WHERE ${where}`, params))[0]!.n;

  beforeAll(async () => {
    const s = (w.s = await startTestServer(backend));
    const now = new Date(s.clock.now);
    await seedAlarmHistory(s.services.db, s.services.registry, now); // no-op when the seed already has a history
    const fx = await s.fixtures();
    const [A, B] = fx.providers as [number, number];
    Object.assign(w, { A, B });
    w.stationsA = fx.stationOf.get(A)!;
    w.stationsB = fx.stationOf.get(B)!;
    // One open alarm per provider for certain, whatever the random history holds.
    for (const p of [A, B]) {
      const [gw] = await q<{ id: number; stationId: number }>(
        `SELECT d.id, d.station_id AS "stationId" FROM devices d JOIN stations s ON s.id = d.station_id WHERE s.provider_id = $1 AND d.type = 'gateway' ORDER BY d.id LIMIT 1`,
        [p],
      );
      await raiseAlarm(s.services.db, {
        stationId: gw!.stationId,
        deviceId: gw!.id,
        ruleCode: 'gatewayOffline',
        content: 'Gateway offline: no heartbeat for 300 s',
        time: new Date(s.clock.now - 60_000),
      });
    }
    // Spy on every push, whichever broker the server runs.
    const broker = s.services.broker;
    const publish = broker.publish.bind(broker);
    broker.publish = async (topic, payload) => {
      w.sent.push({ topic, payload });
      return publish(topic, payload);
    };
    w.root = await s.login('admin', 'Admin@2026');
    w.adminA = await s.login('sunrise', 'Sunrise@2026');
    const [busy] = await q<{ stationId: number }>(
      'SELECT station_id AS "stationId" FROM alarms WHERE provider_id = $1 GROUP BY station_id ORDER BY count(*) DESC, station_id LIMIT 1',
      [A],
    );
    w.stationX = busy!.stationId;
    w.scoped = (
      await s.makeAccount({ orgId: A, permissions: ['alarm.alarmList', 'alarm.alarmAnalysis'], dataScope: 'stations', stationIds: [w.stationX] })
    ).token;
  });
  afterAll(() => w.s.close());
  return w;
};
