// A PushClient whose connection lives in a dedicated worker (see mqtt.worker.ts).
import type { PushClient, PushCredentials } from './source';
import type { FromWorker, ToWorker } from './worker-protocol';

export function connectInWorker(creds: PushCredentials): PushClient {
  const w = new Worker(new URL('./mqtt.worker.ts', import.meta.url), { type: 'module', name: 'push' });
  const send = (m: ToWorker) => w.postMessage(m);
  const on: Partial<{
    connect: () => void;
    close: () => void;
    batch: Parameters<NonNullable<PushClient['onBatch']>>[0];
    maintenance: Parameters<NonNullable<PushClient['onMaintenance']>>[0];
  }> = {};
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    on.close?.();
  };
  w.onmessage = (e: MessageEvent<FromWorker>) => {
    const m = e.data;
    if (m.type === 'connect') on.connect?.();
    else if (m.type === 'close') close();
    else if (m.type === 'batch') on.batch?.(m.items, []);
    else if (m.type === 'maintenance') on.maintenance?.(m.topic, m.message);
    else on.batch?.([], [{ topic: m.topic, reason: m.reason, detail: m.detail }]);
  };
  w.onerror = () => close();
  // the broker URL may be relative: resolve it here, where the page's location is known
  send({ type: 'connect', url: new URL(creds.url, location.href).href.replace(/^http/, 'ws'), username: creds.username, password: creds.password });
  return {
    onConnect: (fn) => void (on.connect = fn),
    onClose: (fn) => void (on.close = fn),
    onMessage: () => undefined,
    onBatch: (fn) => void (on.batch = fn),
    onMaintenance: (fn) => void (on.maintenance = fn),
    subscribe: (t) => send({ type: 'subscribe', topic: t }),
    unsubscribe: (t) => send({ type: 'unsubscribe', topic: t }),
    end: () => {
      send({ type: 'end' });
      setTimeout(() => w.terminate(), 1000);
    },
  };
}
