import { gwTopic, pointIndex } from '../../../protocol/fleet';
import { LEADER_KEY, NAMESPACE } from '../../../server/cluster/locks';
import { partitionOf } from '../../../server/cluster/ownership';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import type pg from 'pg';
import type { Replica, ReplicaSet } from './spawn';
import { call, login } from './client';

// What the replicas test and bench measure. Energy: both replicas ingest while the meters'
// counters run from their first stored reading to their last one on the broker; after a graceful
// stop everything counted is stored, and recorded ÷ metered must be 1. Alarms: over-temperature frames played into one station, each
// must be one alarm row counted once and pushed once. Failover: the non-leading replica is
// killed right after it accepted a command; the survivor must store its stations' frames and
// close the command.

const IMPORT = pointIndex('meter', 'importKwh');
const EXPORT = pointIndex('meter', 'exportKwh');
const TMAX = pointIndex('battery_cluster', 'cellTmax');
interface Dev {
  id: number;
  on: boolean;
  s: number | null;
  v: (number | null)[];
}
interface Frame {
  ver: number;
  stationId: number;
  seq: number;
  ts: number;
  devices: Dev[];
}

/** Replicas with the simulated fleet at 1 s, commands timing out after 3 s. */
export const clusterEnv = (stations: number): Record<string, string> => ({
  SIM_ENABLED: '1',
  SIM_STATIONS: String(stations),
  SIM_INTERVAL_MS: '1000',
  SIM_ACK_FAILURE_RATE: '0',
  COMMAND_TIMEOUT_MS: '3000',
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Stations a replica handles, from its /readyz (-1 when it does not answer). */
export const ownedStations = async (r: Replica): Promise<number> =>
  fetch(`${r.url}/readyz`).then(
    async (x) => ((await x.json()) as { ownedStations?: number }).ownedStations ?? -1,
    () => -1,
  );

const watch = (set: ReplicaSet) =>
  mqtt.connectAsync(set.mqtt.url, {
    username: set.mqtt.user,
    password: set.mqtt.password,
    clientId: `replicas-watch-${randomBytes(3).toString('hex')}`,
    reconnectPeriod: 500,
  });

const waitUntil = async (cond: () => Promise<boolean> | boolean, ms: number, what: string): Promise<number> => {
  const t0 = Date.now();
  while (!(await cond())) {
    if (Date.now() - t0 > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(250);
  }
  return Date.now() - t0;
};

export interface EnergyResult {
  recorded: number;
  metered: number;
  ratio: number;
  played: number;
  alarmRows: number;
  occurrences: number;
  /** raise pushes the console received for each stored over-temperature alarm, in id order (1 each when right) */
  pushesPerAlarm: number[];
  /** raise pushes the console received for any alarm, at most (2 would be a double publish) */
  maxPushesPerAlarm: number;
}

/** The set's first two replicas run; both are stopped at the end. */
export const energyRun = async (set: ReplicaSet, db: pg.Client, o: { seconds: number; stations: number }): Promise<EnergyResult> => {
  const [a, b] = set.replicas as [Replica, Replica];
  const watcher = await watch(set);
  const last = new Map<number, (number | null)[]>();
  const lastFrame = new Map<number, Frame>();
  const pushes = new Map<number, number>();
  const playedTs = new Set<number>();
  let onSimFrame: ((f: Frame) => void) | null = null;
  watcher.on('message', (topic, buf) => {
    const m = JSON.parse(buf.toString()) as Frame & { alarmId?: number; change?: string; status?: string };
    if (topic.endsWith('/telemetry')) {
      lastFrame.set(m.stationId, m);
      for (const d of m.devices) last.set(d.id, d.v);
      if (!playedTs.has(m.ts)) onSimFrame?.(m);
    } else if (m.alarmId !== undefined && (m.change ?? (m.status === 'resolved' ? 'resolved' : 'raised')) === 'raised') {
      pushes.set(m.alarmId, (pushes.get(m.alarmId) ?? 0) + 1);
    }
  });
  await watcher.subscribeAsync('ems/gw/+/telemetry');
  await waitUntil(async () => (await ownedStations(b)) > 0, 20_000, 'the second replica receives stations');
  // the run's start: the first telemetry stored (read once there is some: before the replicas'
  // first write it is null, and every comparison with it would count nothing)
  await waitUntil(async () => (await db.query('SELECT 1 FROM telemetry_raw LIMIT 1')).rows.length > 0, 20_000, 'the replicas store telemetry');
  const [{ t0 }] = (await db.query<{ t0: number }>('SELECT (extract(epoch FROM min(ts)) * 1000)::float8 AS t0 FROM telemetry_raw')).rows as [{ t0: number }];
  // the alarm pushes as a signed-in console receives them
  const token = await login(a.url, 'admin', 'Admin@2026');
  const cr = (await call(a.url, 'queryPushCredentials', {}, token)).data as { url: string; username: string; password: string; topics: string[] };
  const consoleClient = await mqtt.connectAsync(cr.url, { username: cr.username, password: cr.password, reconnectPeriod: 500 });
  consoleClient.on('message', (topic, buf) => watcher.emit('message', topic, buf, {} as never));
  await consoleClient.subscribeAsync(cr.topics);

  // one battery cluster, heated every 4 s by a played frame and cooled by the simulator's next one
  const [bat] = (
    await db.query<{ id: number; stationId: number }>(
      `SELECT id, station_id AS "stationId" FROM devices WHERE type = 'battery_cluster' AND station_id <= $1 ORDER BY id LIMIT 1`,
      [o.stations],
    )
  ).rows;
  // the simulator's next frame of the station (null when its gateway is in an offline window)
  const nextSimFrame = (stationId: number) =>
    new Promise<Frame | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 2500);
      onSimFrame = (f) => {
        if (f.stationId !== stationId) return;
        clearTimeout(timer);
        onSimFrame = null;
        resolve(f);
      };
    });
  let played = 0;
  const end = Date.now() + o.seconds * 1000;
  while (Date.now() < end) {
    await sleep(3000);
    // played right after a simulator frame, so the simulator's following frame (1 s later) is
    // dated after it: played just before a frame already on its way, the heat would be older
    // than the device's last sample and refused as out of order
    const f = await nextSimFrame(bat!.stationId);
    const d = f?.devices.find((x) => x.id === bat!.id);
    if (!f || !d || (d.v[TMAX] ?? 0) > 45 || Date.now() > end - 3000) continue;
    const v = [...d.v];
    v[TMAX] = 55;
    const ts = Math.max(Date.now(), f.ts + 1);
    playedTs.add(ts);
    await watcher.publishAsync(gwTopic(bat!.stationId, 'telemetry'), JSON.stringify({ ...f, seq: f.seq + 1, ts, devices: [{ ...d, v }] }), { qos: 1 });
    played++;
  }
  // graceful stops write everything counted; the survivor first takes the stopped one's stations
  await b.stop();
  await waitUntil(async () => (await ownedStations(a)) === o.stations, 20_000, 'the remaining replica takes every station');
  await sleep(1500);
  await a.stop();
  await watcher.endAsync();
  await consoleClient.endAsync(true);

  // each meter's first reading as the replicas stored it (no energy before it), its last on the broker
  const firsts = (
    await db.query<{ id: number; v: (number | null)[] }>(
      `SELECT d.id, r.v FROM devices d CROSS JOIN LATERAL (SELECT v FROM telemetry_raw WHERE device_id = d.id ORDER BY ts LIMIT 1) r WHERE d.type = 'meter'`,
    )
  ).rows;
  let metered = 0;
  for (const f of firsts) {
    const l = last.get(f.id);
    if (l) metered += (l[IMPORT] ?? 0) - (f.v[IMPORT] ?? 0) + ((l[EXPORT] ?? 0) - (f.v[EXPORT] ?? 0));
  }
  const [rec] = (
    await db.query<{ e: number }>(
      'SELECT coalesce(sum(grid_import + grid_export), 0)::float8 AS e FROM station_energy WHERE bucket >= to_timestamp($1 / 1000.0)',
      [Math.floor(t0 / 900_000) * 900_000],
    )
  ).rows;
  // ids as numbers: node-postgres hands a bigint column back as a string, which would match no push
  const rows = (
    await db.query<{ id: number; occurrences: number }>(
      `SELECT id::float8 AS id, occurrences FROM alarms WHERE device_id = $1 AND rule_code = 'cellOverTemp' AND happen_time >= to_timestamp($2 / 1000.0) ORDER BY id`,
      [bat!.id, t0],
    )
  ).rows;
  return {
    recorded: rec!.e,
    metered,
    ratio: metered > 0 ? rec!.e / metered : NaN,
    played,
    alarmRows: rows.length,
    occurrences: rows.reduce((s, r) => s + Number(r.occurrences), 0),
    pushesPerAlarm: rows.map((r) => pushes.get(r.id) ?? 0),
    maxPushesPerAlarm: Math.max(0, ...pushes.values()),
  };
};

export interface FailoverResult {
  failoverMs: number;
  commandStatus: number;
  commandReason: string | null;
  closedMs: number;
}

/** Starts two more replicas on the set (the first leads), kills the second after a command. */
export const failoverRun = async (set: ReplicaSet, db: pg.Client, o: { stations: number }): Promise<FailoverResult> => {
  const a = await set.start();
  const b = await set.start();
  await waitUntil(async () => (await ownedStations(b)) > 0 && (await ownedStations(a)) < o.stations, 20_000, 'the stations are shared');
  // B does not lead (A started first): its stations' gateways run on A and keep reporting
  const locks = (
    await db.query<{ pid: number; k: number }>(
      `SELECT pid, objid::int8 AS k FROM pg_locks WHERE locktype = 'advisory' AND classid = ${NAMESPACE} AND mode = 'ExclusiveLock' AND granted`,
    )
  ).rows;
  const leaderPid = locks.find((l) => Number(l.k) === LEADER_KEY)?.pid;
  const ofB = new Set(locks.filter((l) => l.pid !== leaderPid && Number(l.k) < LEADER_KEY).map((l) => Number(l.k)));
  const station = [...Array(o.stations).keys()].map((i) => i + 1).find((id) => ofB.has(partitionOf(id, 32)));
  if (station === undefined) throw new Error('no station owned by the second replica');
  const [meter] = (await db.query<{ id: number }>("SELECT id FROM devices WHERE station_id = $1 AND type = 'meter' LIMIT 1", [station])).rows;

  const token = await login(b.url, 'admin', 'Admin@2026');
  const r = await call(b.url, 'setControlMode', { stationId: station, mode: 'peakShaving', enabled: false }, token);
  if (r.code !== 0) throw new Error(`setControlMode failed: ${r.code}`);
  const recordId = (r.data as { recordId: number }).recordId;
  b.kill();
  const killedAt = Date.now();
  await b.exited;
  const failoverMs = await waitUntil(
    async () => {
      if ((await ownedStations(a)) !== o.stations) return false;
      const [x] = (
        await db.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry_raw WHERE device_id = $1 AND ts > to_timestamp($2 / 1000.0)', [
          meter!.id,
          killedAt,
        ])
      ).rows;
      return x!.n > 0;
    },
    30_000,
    "the survivor stores the killed replica's stations",
  );
  let status = 0;
  let reason: string | null = null;
  const closedMs = await waitUntil(
    async () => {
      const [rec] = (await db.query<{ status: number; reason: string | null }>('SELECT status, reason FROM switch_records WHERE id = $1', [recordId])).rows;
      status = rec!.status;
      reason = rec!.reason;
      return status !== 0;
    },
    30_000,
    'the command is closed',
  ).then((ms) => ms + failoverMs);
  await a.stop();
  return { failoverMs, commandStatus: status, commandReason: reason, closedMs };
};
