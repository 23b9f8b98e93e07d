// Load generator of `npm run bench -- fleet`: N gateways, each its own MQTT connection over the
// server's WebSocket (/mqtt) with its gw-<id> login, one frame of its devices every interval,
// phases spread evenly over the interval. Runs in its own process so it does not share the
// server's core accounting.
import { connect, type MqttClient } from 'mqtt';
import { POINTS, gatewayUsername, gwTopic, type FleetDeviceType } from '../protocol/fleet';
import { gatewayPassword } from '../server/fleet/gateway-auth';

interface Job {
  url: string;
  secret: string;
  intervalMs: number;
  stations: { id: number; devices: { id: number; type: FleetDeviceType }[] }[];
}

const job = await new Promise<Job>((r) => process.once('message', (m) => r(m as Job)));
const clients: MqttClient[] = [];
const BATCH = 250;
for (let i = 0; i < job.stations.length; i += BATCH) {
  await Promise.all(
    job.stations.slice(i, i + BATCH).map(
      (st) =>
        new Promise<void>((res, rej) => {
          const c = connect(job.url, {
            username: gatewayUsername(st.id),
            password: gatewayPassword(job.secret, st.id),
            clean: true,
            reconnectPeriod: 1000,
            protocolVersion: 4,
            keepalive: 120,
          });
          c.once('connect', () => res());
          c.once('error', rej);
          clients.push(c);
        }),
    ),
  );
}
process.send!({ connected: clients.length });

const seqs = new Array<number>(job.stations.length).fill(0);
const counters = job.stations.map((st) => st.devices.map(() => 0));
const publish = (k: number) => {
  const st = job.stations[k]!;
  const ts = Date.now();
  const seq = seqs[k]!++;
  const devices = st.devices.map((d, j) => {
    counters[k]![j]! += 0.1;
    const defs = POINTS[d.type];
    return {
      id: d.id,
      on: true,
      s: 0,
      v: defs.map((p, x) => (p.counter ? counters[k]![j]! : Math.round((50 + 40 * Math.sin(ts / 60_000 + x + k)) * 100) / 100)),
    };
  });
  clients[k]!.publish(gwTopic(st.id, 'telemetry'), JSON.stringify({ ver: 1, stationId: st.id, seq, ts, devices }), { qos: 0 });
};
// each gateway on its own phase of the interval
const start = Date.now();
const n = job.stations.length;
let next = 0;
const timer = setInterval(() => {
  const due = Math.floor(((Date.now() - start) / job.intervalMs) * n);
  while (next < due) publish(next++ % n);
}, 5);
process.on('message', async (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  await Promise.all(clients.map((c) => c.endAsync(true)));
  process.exit(0);
});
