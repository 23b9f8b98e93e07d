import { fork, type ChildProcess } from 'node:child_process';
import { connect as netConnect } from 'node:net';
import { connect } from 'mqtt';
import { POINTS } from '../../protocol/fleet';
import { processCpuS } from '../proc-cpu';
import { log, report } from '../report';

// `npm run bench -- broker` (docs/capacity.md): messages a second through the broker for gateway
// telemetry frames (one station of 8 devices, as the fleet bench sends them), published as fast
// as 20 connections can by a process of their own, received by one subscriber on the ingest's
// wildcard as the server subscribes. Per broker: `broker.<kind>_msgs_s` (delivered to the
// subscriber) and `broker.<kind>_msgs_per_core_s` (over the broker process's CPU time). The
// embedded Aedes runs alone in a child process; Mosquitto is the one at MQTT_BENCH_URL or
// 127.0.0.1:1883 (anonymous), skipped with its reason when there is none.

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PUBLISHERS = 20;

const frame = (): string => {
  const types: (keyof typeof POINTS)[] = ['gateway', 'meter', 'pv_inverter', 'pcs', 'battery_cluster', 'battery_cluster', 'load', 'charging_pile'];
  const devices = types.map((t, id) => ({ id: id + 1, on: true, s: 0, v: POINTS[t].map((_, x) => Math.round((50 + 40 * Math.sin(x)) * 100) / 100) }));
  return JSON.stringify({ ver: 1, stationId: 1, seq: 1, ts: Date.now(), devices });
};

const message = <T>(c: ChildProcess, pick: (m: unknown) => T | undefined): Promise<T> =>
  new Promise((res) => {
    const on = (m: unknown) => {
      const v = pick(m);
      if (v === undefined) return;
      c.off('message', on);
      res(v);
    };
    c.on('message', on);
  });

const reachable = (host: string, port: number): Promise<boolean> =>
  new Promise((res) => {
    const s = netConnect(port, host, () => (s.destroy(), res(true)));
    s.on('error', () => res(false));
  });

/** Publishers in their own process for SECONDS; what one subscriber received, and the wall time. */
async function measure(url: string, brokerCpuS: () => Promise<number>): Promise<{ msgs: number; count: number; cpuS: number; sent: number }> {
  const payload = frame();
  const sub = connect(url, { clientId: `bench-sub-${process.pid}`, clean: true, reconnectPeriod: 0 });
  await new Promise<void>((r, j) => {
    sub.once('connect', () => r());
    sub.once('error', j);
  });
  await sub.subscribeAsync('ems/gw/+/telemetry', { qos: 0 });
  let received = 0;
  sub.on('message', () => received++);
  const pub = fork(new URL('../broker-peer.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  pub.send({ role: 'publish', url, clients: PUBLISHERS, payload, seconds: SECONDS });
  await message(pub, (m) => ((m as { ready?: boolean }).ready ? true : undefined));
  const r0 = received;
  const c0 = await brokerCpuS();
  const t0 = Date.now();
  const sent = await message(pub, (m) => (m as { sent?: number }).sent);
  const c1 = await brokerCpuS();
  const s = (Date.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 500)); // what was in flight arrives
  const count = received - r0;
  await sub.endAsync(true);
  return { msgs: count / s, count, cpuS: c1 - c0, sent: sent / s };
}

export async function run(): Promise<void> {
  log(`[broker] frame of ${frame().length} bytes, ${PUBLISHERS} publishers, ${SECONDS} s each`);
  const aedes = fork(new URL('../broker-peer.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  aedes.send({ role: 'aedes' });
  const { port } = await message(aedes, (m) => m as { port: number } | undefined);
  const aedesCpu = async () => {
    aedes.send('cpu');
    const { cpu } = await message(aedes, (m) => m as { cpu: NodeJS.CpuUsage } | undefined);
    return (cpu.user + cpu.system) / 1e6;
  };
  const a = await measure(`mqtt://127.0.0.1:${port}`, aedesCpu);
  aedes.kill();
  log(`[broker] aedes: sent ${a.sent.toFixed(0)}/s, delivered ${a.msgs.toFixed(0)}/s, broker CPU ${a.cpuS.toFixed(2)} s`);
  report('broker.aedes_msgs_s', a.msgs, 'msg/s');
  report('broker.aedes_msgs_per_core_s', a.count / a.cpuS, 'msg/s');

  const url = process.env.MQTT_BENCH_URL ?? 'mqtt://127.0.0.1:1883';
  const u = new URL(url);
  if (!(await reachable(u.hostname, Number(u.port || 1883)))) {
    log(`[broker] mosquitto: skipped, nothing listens at ${url} (MQTT_BENCH_URL)`);
    return;
  }
  const m = await measure(url, async () => processCpuS('mosquitto'));
  log(`[broker] mosquitto: sent ${m.sent.toFixed(0)}/s, delivered ${m.msgs.toFixed(0)}/s, broker CPU ${m.cpuS.toFixed(2)} s`);
  report('broker.mosquitto_msgs_s', m.msgs, 'msg/s');
  if (m.cpuS > 0) report('broker.mosquitto_msgs_per_core_s', m.count / m.cpuS, 'msg/s');
}
