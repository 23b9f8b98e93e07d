// `npm run bench -- notify` (docs/notifications.md, "Measured"): alarm notifications through
// three server replicas (tests/integration/replicas/spawn.ts: real server processes on one
// PostgreSQL) to a real SMTP server and real webhook endpoints in a process of their own
// (bench/notify-receivers.ts). Alarms are stored by the alarm repository (raiseAlarm), the path
// the alarm engine takes; the time is from its insert returning to the receiver having the
// message.
//   notify.email_p99_ms     200 alarms, one rule: stored → accepted by the SMTP server (≤ 2,000)
//   notify.webhook_p99_ms   the same 200: stored → signed webhook accepted (≤ 500)
//   notify.storm_messages   a gateway offline with 50 device communication alarms: messages per
//                           recipient and channel (1)
//   notify.lost / notify.duplicates   a kill -9 of a replica holding leases while 200 alarms go
//                           to two recipients on two channels: messages never received, and
//                           distinct messages for one recipient × channel × alarm × kind (0, 0);
//   notify.redelivered      arrivals of an id already received (the receiver drops them by
//                           event id / Message-ID): what the kill's at-least-once window costs
//
// Environment of the replicas, shortened where the default would only add waiting:
//   NOTIFY_POLL_MS=100         the default 1 s poll alone would put the webhook p99 near 1 s
//   NOTIFY_LEASE_MS=5000       a killed replica's leases run out in 5 s instead of 60 s
//   NOTIFY_STORM_GRACE_MS=2000 the storm's hold is 2 s instead of 30 s
//   NOTIFY_FLAP_COUNT=0        200 raises of one rule on one device within minutes would flap
//                              (folded into one message by design); each is timed here
// Needs PostgreSQL (DATABASE_URL) and Mosquitto, as the replicas do; skipped with the reason
// otherwise. NOTIFY_BENCH_ALARMS changes the 200 alarms of the latency and kill phases.
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { createDb, type Db } from '../../server/db/db';
import { raiseAlarm } from '../../server/alarms/store';
import { replicasSkipReason, startReplicas, type ReplicaSet } from '../../tests/integration/replicas/spawn';
import { call, login } from '../../tests/integration/replicas/client';
import { log, median, percentile, report } from '../report';
import type { Arrival, ToReceivers } from '../notify-receivers';
import { deliveryIdOf, tally, type DeliveryRef } from '../notify-tally';

const ALARMS = Number(process.env.NOTIFY_BENCH_ALARMS ?? 200);
const REPLICAS = 3;
const GRACE_MS = 2000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const startReceivers = async () => {
  const child = fork(new URL('../notify-receivers.ts', import.meta.url), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const arrivals: Arrival[] = [];
  const ready = await new Promise<{ smtpUrl: string; hookUrls: string[] }>((resolve, reject) => {
    child.once('exit', (c) => reject(new Error(`the receivers exited (${c})`)));
    child.on('message', (m: Arrival | { ready: { smtpUrl: string; hookUrls: string[] } }) => {
      if ('ready' in m) resolve(m.ready);
      else arrivals.push(m);
    });
  });
  child.once('exit', (c, sig) => log(`[notify] the receivers exited (${c ?? sig})`));
  return { ...ready, arrivals, send: (m: ToReceivers) => child.send(m), stop: () => child.kill('SIGKILL') };
};
type Receivers = Awaited<ReturnType<typeof startReceivers>>;

const waitFor = async (cond: () => boolean | Promise<boolean>, ms: number): Promise<boolean> => {
  for (const t0 = Date.now(); Date.now() - t0 < ms; await sleep(50)) if (await cond()) return true;
  return false;
};

const deliveriesOf = async (db: Db): Promise<Map<number, DeliveryRef>> =>
  new Map(
    (
      await db.query<DeliveryRef>(
        'SELECT id, account_id AS "accountId", channel, alarm_id AS "alarmId", kind FROM notification_deliveries WHERE account_id IS NOT NULL',
      )
    ).map((d) => [d.id, d]),
  );

export const run = async (): Promise<void> => {
  const why = await replicasSkipReason();
  if (why) {
    log(`[notify] skipped: ${why}`);
    return;
  }
  log(
    `[notify] load average at the start: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const rx = await startReceivers();
  let set: ReplicaSet | null = null;
  let db: Db | null = null;
  try {
    set = await startReplicas(REPLICAS, {
      env: { SMTP_URL: rx.smtpUrl, NOTIFY_POLL_MS: '100', NOTIFY_LEASE_MS: '5000', NOTIFY_STORM_GRACE_MS: String(GRACE_MS), NOTIFY_FLAP_COUNT: '0' },
    });
    db = await createDb({ url: set.databaseUrl, poolSize: 4 });
    await measure(set, db, rx);
  } finally {
    await db?.close().catch(() => undefined);
    await set?.stop();
    rx.stop();
  }
};

const measure = async (set: ReplicaSet, db: Db, rx: Receivers): Promise<void> => {
  const url = set.urls[0]!;
  const people = ['sunrise', 'admin'] as const;
  const passwords = { sunrise: 'Sunrise@2026', admin: 'Admin@2026' };
  const accounts = new Map<string, number>();
  for (const p of people) accounts.set(p, (await db.query<{ id: number }>('SELECT id FROM accounts WHERE account = $1', [p]))[0]!.id);
  const [st] = await db.query<{ id: number }>(
    "SELECT s.id FROM stations s JOIN accounts a ON a.org_id = s.provider_id WHERE a.account = 'sunrise' ORDER BY s.id LIMIT 1",
  );
  const devices = await db.query<{ id: number; type: string }>('SELECT id, type FROM devices WHERE station_id = $1 ORDER BY id', [st!.id]);
  const cluster = devices.find((d) => d.type === 'battery_cluster')!;
  const gateway = devices.find((d) => d.type === 'gateway')!;
  const others = devices.filter((d) => d.type !== 'gateway');
  const addRule = async (who: (typeof people)[number], sink: number) => {
    const token = await login(url, who, passwords[who]);
    const r = await call(
      url,
      'saveNotificationRule',
      { name: 'Bench', channels: ['email', 'webhook'], email: `ops-${who}@bench.example`, webhookUrl: rx.hookUrls[sink] },
      token,
    );
    if (r.code !== 0) throw new Error(`saveNotificationRule for ${who}: ${r.code}`);
    rx.send({ secret: { sink, value: (r.data as { webhookSecret: string }).webhookSecret } });
  };
  let seq = 0;
  const raise = async (ruleCode: string, deviceId: number) => {
    const { row } = await raiseAlarm(db, { stationId: st!.id, deviceId, ruleCode, content: 'bench', time: new Date(), dedupKey: `bench-${++seq}` });
    return { id: Number(row.id), at: Date.now() };
  };

  // 1. latency: one recipient, e-mail and webhook
  await addRule('sunrise', 0);
  const raised = new Map<number, number>();
  for (let i = 0; i < ALARMS; i++) {
    const a = await raise('cellOverTemp', cluster.id);
    raised.set(a.id, a.at);
    await sleep(10);
  }
  const sent = () => rx.arrivals.filter((x) => (x.a === 'mail' ? x.to.includes('ops-sunrise') : x.sink === 0)).length;
  if (!(await waitFor(() => sent() >= 2 * ALARMS, 120_000))) log(`[notify] latency: only ${sent()} of ${2 * ALARMS} messages within 120 s`);
  const refs = await deliveriesOf(db);
  const lat = { mail: [] as number[], hook: [] as number[] };
  for (const x of rx.arrivals) {
    const alarmId = refs.get(deliveryIdOf(x) ?? -1)?.alarmId;
    const at = alarmId == null ? undefined : raised.get(alarmId);
    if (at !== undefined) lat[x.a].push(x.at - at);
  }
  log(`[notify] e-mail: ${lat.mail.length} received, p50 ${median(lat.mail).toFixed(0)} ms, max ${Math.max(...lat.mail)} ms`);
  log(`[notify] webhook: ${lat.hook.length} received, p50 ${median(lat.hook).toFixed(0)} ms, max ${Math.max(...lat.hook)} ms`);
  await whereTimeGoes(db, raised);
  report('notify.email_p50_ms', median(lat.mail), 'ms');
  report('notify.email_p99_ms', percentile(lat.mail, 99), 'ms');
  report('notify.webhook_p50_ms', median(lat.hook), 'ms');
  report('notify.webhook_p99_ms', percentile(lat.hook, 99), 'ms');

  // 2. storm: two recipients; a gateway offline and 50 device communication alarms behind it
  await addRule('admin', 1);
  const stormStart = rx.arrivals.length;
  const storm = new Set<number>();
  storm.add((await raise('gatewayOffline', gateway.id)).id);
  for (let i = 0; i < 50; i++) storm.add((await raise(i % 2 ? 'bmsCommLost' : 'meterCommLost', others[i % others.length]!.id)).id);
  await waitFor(
    async () =>
      (
        await db.query<{ n: number }>("SELECT count(*)::int AS n FROM notification_deliveries WHERE alarm_id = ANY($1) AND status IN ('pending', 'sending')", [
          [...storm],
        ])
      )[0]!.n === 0,
    GRACE_MS + 60_000,
  );
  await sleep(500);
  const stormRefs = await deliveriesOf(db);
  const per = new Map<string, number>();
  for (const x of rx.arrivals.slice(stormStart)) {
    const d = stormRefs.get(deliveryIdOf(x) ?? -1);
    if (d?.alarmId != null && storm.has(d.alarmId)) per.set(`${d.accountId}:${d.channel}`, (per.get(`${d.accountId}:${d.channel}`) ?? 0) + 1);
  }
  log(`[notify] storm: messages per recipient × channel ${JSON.stringify(Object.fromEntries(per))}`);
  report('notify.storm_messages', per.size === 0 ? NaN : Math.max(...per.values()), 'messages');

  // 3. kill -9 of a replica that holds leases, while 200 alarms go to both recipients
  rx.send({ answerDelayMs: 150 }); // the webhook keeps each request a moment before answering: a kill can fall in between
  const killStart = rx.arrivals.length;
  const phase: number[] = [];
  let victim: string | null = null;
  const raising = (async () => {
    for (let i = 0; i < ALARMS; i++) {
      phase.push((await raise('cellOverTemp', cluster.id)).id);
      await sleep(10);
    }
  })();
  await waitFor(async () => {
    if (rx.arrivals.length - killStart < ALARMS / 2) return false;
    const owners = await db.query<{ owner: string; n: number }>(
      "SELECT lease_owner AS owner, count(*)::int AS n FROM notification_deliveries WHERE status = 'sending' GROUP BY 1 ORDER BY 2 DESC",
    );
    const pid = Number(owners[0]?.owner.split(':').at(-2));
    const r = set.replicas.find((x) => x.pid === pid);
    if (!r) return false;
    r.kill();
    victim = `replica ${r.index} (pid ${pid}) holding ${owners[0]!.n} leases, ${rx.arrivals.length - killStart} messages in`;
    return true;
  }, 60_000);
  await raising;
  log(`[notify] killed ${victim ?? 'nobody: no replica held a lease in time'}`);
  const expected = new Set(phase.flatMap((a) => [...accounts.values()].flatMap((acc) => ['email', 'webhook'].map((ch) => `${acc}:${ch}:${a}:raised`))));
  const settled = await waitFor(
    async () =>
      (
        await db.query<{ n: number }>("SELECT count(*)::int AS n FROM notification_deliveries WHERE alarm_id = ANY($1) AND status IN ('pending', 'sending')", [
          phase,
        ])
      )[0]!.n === 0,
    180_000,
  );
  await sleep(1000);
  const t = tally(rx.arrivals.slice(killStart), await deliveriesOf(db), expected);
  const [att] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM notification_attempts WHERE outcome = 'interrupted'");
  log(
    `[notify] kill: ${settled ? 'settled' : 'NOT settled in 180 s'}; ${t.expected} expected, ${t.raw} arrivals, ${att!.n} attempts interrupted; bad signatures: ${rx.arrivals.filter((x) => x.a === 'hook' && !x.valid).length}`,
  );
  report('notify.lost', t.lost, 'messages');
  report('notify.duplicates', t.duplicates, 'messages');
  report('notify.redelivered', t.redelivered, 'messages');
  report('notify.load_avg_1m', loadavg()[0]!, 'load');
};

/** Where a message's time went, from the outbox's own clock: raise → planned, planned → claimed, the attempt. */
const whereTimeGoes = async (db: Db, raised: Map<number, number>): Promise<void> => {
  const rows = await db.query<{ alarmId: number; channel: string; createdAt: Date; sentAt: Date | null; ms: number | null }>(
    `SELECT d.alarm_id AS "alarmId", d.channel, d.created_at AS "createdAt", d.sent_at AS "sentAt", max(t.duration_ms) AS ms
     FROM notification_deliveries d LEFT JOIN notification_attempts t ON t.delivery_id = d.id AND t.outcome = 'sent'
     WHERE d.alarm_id = ANY($1) GROUP BY d.id`,
    [[...raised.keys()]],
  );
  for (const ch of ['email', 'webhook']) {
    const of = rows.filter((r) => r.channel === ch && r.sentAt && r.ms !== null);
    const plan = of.map((r) => r.createdAt.getTime() - raised.get(r.alarmId)!);
    const wait = of.map((r) => r.sentAt!.getTime() - r.ms! - r.createdAt.getTime());
    const send = of.map((r) => r.ms!);
    const fmt = (xs: number[]) => `p50 ${median(xs).toFixed(0)} / p99 ${percentile(xs, 99).toFixed(0)} ms`;
    log(`[notify] ${ch}: raise → planned ${fmt(plan)}; planned → claimed ${fmt(wait)}; the attempt ${fmt(send)}`);
  }
};
