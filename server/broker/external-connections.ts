import { createHash, randomBytes } from 'node:crypto';
import mqtt, { connect, type MqttClient } from 'mqtt';
import { GW_ROOT, gatewayUsername, gwTopic } from '../../protocol/fleet';
import type { Config } from '../config';
import { gatewayPassword } from '../fleet/gateway-auth';
import type { Dynsec } from './dynsec';
import type { GatewayListener } from './types';

// The server's connections to an external Mosquitto (MQTT_URL): the admin one that publishes
// and runs dynamic security, and the ingest one that receives the gateways' traffic.
//
// Station gateways on an external Mosquitto (MQTT_URL, dynamic-security plugin): one client
// `gw-<id>` per station with its HMAC password and a role `ems-gw-<id>` allowing exactly what
// the embedded broker allows (publish its telemetry/status/ack, subscribe to and receive its
// cmd). The server's own role gets the right to subscribe to and receive `ems/gw/#`.
// Idempotent, because Mosquitto disconnects a client whose password is set (even to the same
// one): each gateway client carries a tag of the secret its password came from
// (textdescription), and only clients that are missing or carry another tag are written. So a
// replica's start, or several replicas provisioning at once, disconnect no gateway; a changed
// GATEWAY_SECRET, or a broker that came back empty, provisions again.

export const SERVER_GW_ACLS = [
  { acltype: 'subscribePattern', topic: `${GW_ROOT}/#`, allow: true, priority: 0 },
  { acltype: 'publishClientReceive', topic: `${GW_ROOT}/#`, allow: true, priority: 0 },
];

const gatewayAcls = (id: number) => [
  ...(['telemetry', 'status', 'ack'] as const).map((k) => ({ acltype: 'publishClientSend', topic: gwTopic(id, k), allow: true, priority: 0 })),
  { acltype: 'subscribePattern', topic: gwTopic(id, 'cmd'), allow: true, priority: 0 },
  { acltype: 'publishClientReceive', topic: gwTopic(id, 'cmd'), allow: true, priority: 0 },
];

/** Which secret a gateway client's password came from, without revealing it. */
export const secretTag = (secret: string): string =>
  `ems-gw-secret:${createHash('sha256').update(`ems gateway secret tag\n${secret}`).digest('hex').slice(0, 16)}`;

/** What provisioning wrote (tests, logs). */
export interface GatewayProvisioning {
  created: number;
  updated: number;
  kept: number;
}

export const ensureGatewayClients = async (dynsec: Dynsec, serverRole: string, secret: string, stationIds: readonly number[]): Promise<GatewayProvisioning> => {
  // an ACL already there is refused without disconnecting anyone
  await dynsec.run(SERVER_GW_ACLS.map((a) => ({ command: 'addRoleACL', rolename: serverRole, ...a })));
  const list = await dynsec.one({ command: 'listClients', verbose: true, count: -1, offset: 0 });
  const tags = new Map(((list.data?.clients ?? []) as { username: string; textdescription?: string }[]).map((c) => [c.username, c.textdescription ?? '']));
  const tag = secretTag(secret);
  const missing = stationIds.filter((id) => !tags.has(gatewayUsername(id)));
  const stale = stationIds.filter((id) => tags.has(gatewayUsername(id)) && tags.get(gatewayUsername(id)) !== tag);
  // missing clients are created; stale ones (the secret changed, or the client predates the tag)
  // are modified: their connection ends and they log in again
  const writes = [...missing.map((id) => ({ id, command: 'createClient' })), ...stale.map((id) => ({ id, command: 'modifyClient' }))];
  const CHUNK = 100;
  for (let i = 0; i < writes.length; i += CHUNK) {
    const chunk = writes.slice(i, i + CHUNK);
    await dynsec.run(chunk.map(({ id }) => ({ command: 'createRole', rolename: `ems-gw-${id}`, acls: gatewayAcls(id) })));
    await dynsec.run(
      chunk.map(({ id, command }) => ({
        command,
        username: gatewayUsername(id),
        password: gatewayPassword(secret, id),
        ...(command === 'createClient' ? { textname: 'ems station gateway' } : {}),
        textdescription: tag,
        roles: [{ rolename: `ems-gw-${id}` }],
      })),
    );
  }
  return { created: missing.length, updated: stale.length, kept: stationIds.length - missing.length - stale.length };
};

/**
 * The server's own ingest connection (a client of its own, apart from the publishing one, so a
 * burst of telemetry never queues behind pushes): subscribes to every gateway's
 * telemetry, status and ack, again after each reconnect.
 */
export const connectIngest = (c: Config, onMessage: GatewayListener, warn: (o: object, m: string) => void): MqttClient => {
  const client = connect(c.mqttUrl!, {
    username: c.mqttAdminUser,
    password: c.mqttAdminPassword,
    clientId: `ems-ingest-${randomBytes(4).toString('hex')}`,
    clean: true,
    reconnectPeriod: 2000,
    reconnectOnConnackError: true,
  });
  client.on('connect', () => subscribeIngest(client));
  client.on('message', (topic, payload) => onMessage(topic, payload));
  client.on('error', (e) => warn({ err: e.message }, 'fleet ingest connection error'));
  return client;
};

/**
 * The ingest subscriptions. Also called after the server's rights were provisioned again: on a
 * broker that came back empty, a subscription made before that was refused (SUBACK 0x80).
 */
export const subscribeIngest = (client: MqttClient): void => {
  if (client.connected) client.subscribe(['ems/gw/+/telemetry', 'ems/gw/+/status', 'ems/gw/+/ack'], { qos: 1 });
};

/** The admin connection: publishes pushes and commands, and runs dynamic-security commands. */
export const connectAdmin = async (c: Config, connectTimeoutMs: number): Promise<MqttClient> => {
  const { mqttUrl, mqttAdminUser, mqttAdminPassword } = c;
  if (!mqttUrl) throw new Error('ExternalBroker needs MQTT_URL');
  return mqtt
    .connectAsync(
      mqttUrl,
      {
        username: mqttAdminUser,
        password: mqttAdminPassword,
        clientId: `ems-server-${process.pid}-${Math.random().toString(36).slice(2, 10)}`,
        clean: true,
        reconnectPeriod: 1_000,
        reconnectOnConnackError: true,
        connectTimeout: connectTimeoutMs,
      },
      false,
    )
    .catch((e: unknown) => {
      throw new Error(`cannot connect to MQTT_URL ${redact(mqttUrl)} as ${mqttAdminUser}: ${e instanceof Error ? e.message : String(e)}`);
    });
};

const redact = (url: string): string => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable url)';
  }
};
