import { createHmac, timingSafeEqual } from 'node:crypto';
import { gatewayUsername, gwTopic, parseGatewayUsername } from '../../protocol/fleet';

// Gateway credentials and topic rights (docs/fleet.md). A station's gateway logs in to the
// broker as `gw-<stationId>` with password HMAC-SHA256(GATEWAY_SECRET, username) in hex; it may
// publish only its own telemetry/status/ack topics and subscribe only to its own command topic.
// Browsers' rules (server/broker/access.ts) admit org topics only, so they never see `ems/gw/#`.

export const gatewayPassword = (secret: string, stationId: number): string => createHmac('sha256', secret).update(gatewayUsername(stationId)).digest('hex');

/** The station id of a valid gateway login, else null (not a gateway username, or a wrong password). */
export const gatewayLogin = (secret: string, username: string | undefined, password: Buffer | string | undefined): number | null => {
  if (!username || !password) return null;
  const id = parseGatewayUsername(username);
  if (id === null) return null;
  const want = Buffer.from(gatewayPassword(secret, id), 'utf8');
  const got = Buffer.isBuffer(password) ? password : Buffer.from(password, 'utf8');
  return got.length === want.length && timingSafeEqual(got, want) ? id : null;
};

export const isGatewayUsername = (username: string | undefined): boolean => !!username && parseGatewayUsername(username) !== null;

export const gatewayMayPublish = (stationId: number, topic: string): boolean =>
  topic === gwTopic(stationId, 'telemetry') || topic === gwTopic(stationId, 'status') || topic === gwTopic(stationId, 'ack');

export const gatewayMaySubscribe = (stationId: number, filter: string): boolean => filter === gwTopic(stationId, 'cmd');
