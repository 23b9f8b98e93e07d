import type { FastifyInstance } from 'fastify';
import { EmbeddedBroker } from './embedded';
import { ExternalBroker } from './external';
import { HookBroker } from './external-http';
import { registerBrokerHooks } from './hook-routes';
import type { BrokerDeps, PushBroker } from './types';

/**
 * Embedded Aedes on the HTTP port (WebSocket path /mqtt), or the external broker of MQTT_URL
 * (Mosquitto with the dynamic-security plugin, or with MQTT_ACCESS=http a broker such as EMQX
 * asking the server's HTTP hooks). docs/broker.md, docs/deploy.md.
 */
export const createBroker = async (app: FastifyInstance, deps: BrokerDeps): Promise<PushBroker> => {
  if (deps.config.mqttUrl) {
    const log = app.log.child({ module: 'broker' });
    if (deps.config.mqttAccess === 'http') {
      if (!deps.config.mqttHookSecret)
        throw new Error('MQTT_ACCESS=http needs MQTT_HOOK_SECRET: without it anyone could ask the broker hooks to admit a login (docs/deploy.md)');
      const broker = new HookBroker(deps, { info: (o, m) => log.info(o, m), warn: (o, m) => log.warn(o, m) });
      registerBrokerHooks(app, broker.access, deps.config.mqttHookSecret);
      log.info({ url: deps.config.mqttUrl, publicWsUrl: deps.config.mqttPublicWsUrl }, 'push broker: external, access through HTTP hooks');
      if (!deps.config.mqttPublicWsUrl) log.warn({}, 'MQTT_PUBLIC_WS_URL is not set: consoles get no broker URL to connect to');
      return broker;
    }
    const broker = await ExternalBroker.create(deps, { info: (o, m) => log.info(o, m), warn: (o, m) => log.warn(o, m) });
    log.info({ url: deps.config.mqttUrl, publicWsUrl: deps.config.mqttPublicWsUrl }, 'push broker: external');
    if (!deps.config.mqttPublicWsUrl) log.warn({}, 'MQTT_PUBLIC_WS_URL is not set: consoles get no broker URL to connect to');
    return broker;
  }
  return EmbeddedBroker.create(app, deps);
};
