import type { Principal } from '../auth/scope';

/** The push side as the rest of the server sees it; embedded Aedes or an external broker. */
export interface PushBroker {
  readonly kind: 'aedes' | 'external';
  /** Publishes a server message (alarms, telemetry fan-out); QoS 1. */
  publish(topic: string, payload: string): Promise<void>;
  /** MQTT credentials a signed-in console uses to connect (queryPushCredentials). */
  credentialsFor(principal: Principal, tokenHash: string, token: string): Promise<{ url: string; username: string; password: string; topics: string[] }>;
  close(): Promise<void>;
}

/** Used until the real broker is attached (and in tests that need none): publishes nowhere. */
export const nullBroker = (): PushBroker & { published: { topic: string; payload: string }[] } => {
  const published: { topic: string; payload: string }[] = [];
  return {
    kind: 'aedes',
    published,
    publish: async (topic, payload) => void published.push({ topic, payload }),
    credentialsFor: async () => ({ url: '', username: '', password: '', topics: [] }),
    close: async () => undefined,
  };
};
