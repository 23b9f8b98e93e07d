// Push worker: one MQTT-over-WebSocket connection, messages parsed and validated here and sent
// to the page in batches (the first of a quiet period at once, then one batch per 16 ms, or per
// 100 ms in a storm: streams/constants.ts).
/// <reference lib="webworker" />
import { parseAlarmPush, parsePush } from '../../protocol/push';
import { connectMqtt } from './mqtt';
import { nextBatchMs, PUSH_BATCH_MS } from '../constants';
import type { PushClient } from './source';
import type { FromWorker, ToWorker } from './worker-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (m: FromWorker) => scope.postMessage(m);
let client: PushClient | null = null;
let buf: { topic: string; alarm: import('../types').AlarmPush }[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

const flush = () => {
  if (buf.length === 0) {
    timer = null;
    return;
  }
  post({ type: 'batch', items: buf });
  timer = setTimeout(flush, nextBatchMs(buf.length));
  buf = [];
};

// Warm the validator while the connection opens, so the first real alarm does not pay for it.
parseAlarmPush(
  JSON.stringify({
    alarmId: 1,
    orgId: 1,
    stationId: 1,
    actionWay: 35002,
    stationName: '',
    monitoredObjectName: '',
    alarmRuleName: '',
    alarmCategory: 'event',
    happenTime: new Date(0).toISOString(),
  }),
);

scope.onmessage = (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  switch (m.type) {
    case 'connect':
      client?.end();
      client = connectMqtt({ url: m.url, username: m.username, password: m.password, topics: [] });
      client.onConnect(() => post({ type: 'connect' }));
      client.onClose(() => post({ type: 'close' }));
      client.onMessage((topic, payload) => {
        const r = parsePush(payload);
        if (!r.ok) return post({ type: 'malformed', topic, reason: r.reason, detail: r.detail });
        // a station's maintenance changed: rare, delivered at once, outside the alarm batches
        if (r.kind === 'stationMaintenance') return post({ type: 'maintenance', topic, message: r.message });
        if (timer === null) {
          post({ type: 'batch', items: [{ topic, alarm: r.message }] });
          timer = setTimeout(flush, PUSH_BATCH_MS);
        } else buf.push({ topic, alarm: r.message });
      });
      return;
    case 'subscribe':
      client?.subscribe(m.topic);
      return;
    case 'unsubscribe':
      client?.unsubscribe(m.topic);
      return;
    case 'end':
      client?.end();
      client = null;
      scope.close();
      return;
  }
};
