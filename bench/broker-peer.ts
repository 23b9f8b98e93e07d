// A process of `npm run bench -- broker`: with `aedes`, the embedded broker alone on a TCP port
// (as the server runs it, persistence in memory); with `publish`, publishers of gateway frames.
// Each reports its own CPU time, so the broker's cost is read apart from its clients'.
import { createServer } from 'node:net';
import { Aedes } from 'aedes';
import { connect, type MqttClient } from 'mqtt';

type Job = { role: 'aedes' } | { role: 'publish'; url: string; clients: number; payload: string; seconds: number };

const job = await new Promise<Job>((r) => process.once('message', (m) => r(m as Job)));
if (job.role === 'aedes') {
  const broker = await Aedes.createBroker();
  const server = createServer(broker.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  process.send!({ port });
  process.on('message', (m) => m === 'cpu' && process.send!({ cpu: process.cpuUsage() }));
} else {
  const clients: MqttClient[] = [];
  for (let i = 0; i < job.clients; i++) clients.push(await connectAsync(job.url, i));
  process.send!({ ready: true });
  const until = Date.now() + job.seconds * 1000;
  let sent = 0;
  // each client keeps its socket busy: the next frame once the last one is handed to the socket
  await Promise.all(
    clients.map(async (c, i) => {
      const topic = `ems/gw/${i + 1}/telemetry`;
      while (Date.now() < until) {
        await new Promise<void>((r) => c.publish(topic, job.payload, { qos: 0 }, () => r()));
        sent++;
      }
    }),
  );
  process.send!({ sent });
  await Promise.all(clients.map((c) => c.endAsync(true)));
  process.exit(0);
}

function connectAsync(url: string, i: number): Promise<MqttClient> {
  return new Promise((res, rej) => {
    const c = connect(url, { clientId: `bench-pub-${i}-${process.pid}`, clean: true, protocolVersion: 4, reconnectPeriod: 0 });
    c.once('connect', () => res(c));
    c.once('error', rej);
  });
}
