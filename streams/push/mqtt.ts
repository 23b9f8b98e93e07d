// mqtt.js adapter for the push source. Only reached through the lazily loaded push chunk.
import mqtt from 'mqtt';
import type { PushClient, PushCredentials } from './source';

/** A broker URL may be relative ("/mqtt"): resolve it against the page, ws or wss by scheme. */
export const resolveBrokerUrl = (url: string, loc: { protocol: string; host: string }): string => {
  if (/^wss?:\/\//.test(url)) return url;
  if (/^https?:\/\//.test(url)) return url.replace(/^http/, 'ws');
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}${url.startsWith('/') ? '' : '/'}${url}`;
};

export function connectMqtt(creds: PushCredentials): PushClient {
  const c = mqtt.connect(resolveBrokerUrl(creds.url, location), {
    username: creds.username,
    password: creds.password,
    reconnectPeriod: 0, // the source owns reconnects (full-jitter backoff + catch-up)
    connectTimeout: 10_000,
    clean: true,
    clientId: `console-${Math.random().toString(36).slice(2, 10)}`,
  });
  return {
    onConnect: (fn) => void c.on('connect', fn),
    onClose: (fn) => void c.on('close', fn),
    onMessage: (fn) => void c.on('message', (t, p) => fn(t, p)),
    // QoS 0: no PUBACK per message (a storm is 2,000 msg/s); a gap while disconnected is
    // filled by the catch-up after the reconnect, de-duplicated by id
    subscribe: (t) => void c.subscribe(t, { qos: 0 }),
    unsubscribe: (t) => void c.unsubscribe(t),
    end: () => void c.end(true),
  };
}
