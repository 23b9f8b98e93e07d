import { GW_ROOT, gatewayUsername, gwTopic } from '../../protocol/fleet';
import type { Dynsec } from '../broker/dynsec';
import { gatewayPassword } from './gateway-auth';

// Gateway logins on an external Mosquitto (MQTT_URL, dynamic-security plugin): one client
// `gw-<id>` per station with its HMAC password and a role `ems-gw-<id>` allowing exactly what
// the embedded broker allows (publish its telemetry/status/ack, subscribe to and receive its
// cmd). The server's own role gets the right to subscribe to and receive `ems/gw/#`.
// Idempotent: existing roles and clients are kept, passwords are set again (GATEWAY_SECRET may
// have changed).

export const SERVER_GW_ACLS = [
  { acltype: 'subscribePattern', topic: `${GW_ROOT}/#`, allow: true, priority: 0 },
  { acltype: 'publishClientReceive', topic: `${GW_ROOT}/#`, allow: true, priority: 0 },
];

const gatewayAcls = (id: number) => [
  ...(['telemetry', 'status', 'ack'] as const).map((k) => ({ acltype: 'publishClientSend', topic: gwTopic(id, k), allow: true, priority: 0 })),
  { acltype: 'subscribePattern', topic: gwTopic(id, 'cmd'), allow: true, priority: 0 },
  { acltype: 'publishClientReceive', topic: gwTopic(id, 'cmd'), allow: true, priority: 0 },
];

export const ensureGatewayClients = async (dynsec: Dynsec, serverRole: string, secret: string, stationIds: readonly number[]): Promise<void> => {
  await dynsec.run(SERVER_GW_ACLS.map((a) => ({ command: 'addRoleACL', rolename: serverRole, ...a })));
  const CHUNK = 100;
  for (let i = 0; i < stationIds.length; i += CHUNK) {
    const ids = stationIds.slice(i, i + CHUNK);
    await dynsec.run(ids.map((id) => ({ command: 'createRole', rolename: `ems-gw-${id}`, acls: gatewayAcls(id) })));
    await dynsec.run(ids.map((id) => ({
      command: 'createClient', username: gatewayUsername(id), password: gatewayPassword(secret, id), textname: 'ems station gateway', roles: [{ rolename: `ems-gw-${id}` }],
    })));
    await dynsec.run(ids.map((id) => ({ command: 'setClientPassword', username: gatewayUsername(id), password: gatewayPassword(secret, id) })));
  }
};
