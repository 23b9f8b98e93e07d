import type { FastifyInstance } from 'fastify';
import { EmbeddedBroker } from './embedded';
import { ExternalBroker } from './external';
import type { BrokerDeps, PushBroker } from './types';

export { EmbeddedBroker, MQTT_WS_PATH } from './embedded';
export { ExternalBroker } from './external';
export { alarmTopicsForStation, pushFilters, pushGrant, pushTopics } from './access';

/**
 * Embedded Aedes on the HTTP port (WebSocket path /mqtt), or the external broker of MQTT_URL
 * (Mosquitto with the dynamic-security plugin). docs/broker.md.
 */
export const createBroker = async (app: FastifyInstance, deps: BrokerDeps): Promise<PushBroker> => {
  if (deps.config.mqttUrl) {
    const log = app.log.child({ module: 'broker' });
    const broker = await ExternalBroker.create(deps, { info: (o, m) => log.info(o, m), warn: (o, m) => log.warn(o, m) });
    log.info({ url: deps.config.mqttUrl, publicWsUrl: deps.config.mqttPublicWsUrl }, 'push broker: external');
    if (!deps.config.mqttPublicWsUrl) log.warn({}, 'MQTT_PUBLIC_WS_URL is not set: consoles get no broker URL to connect to');
    return broker;
  }
  return EmbeddedBroker.create(app, deps);
};
