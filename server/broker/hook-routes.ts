// The two routes EMQX's HTTP authenticator and authorizer call (MQTT_ACCESS=http,
// docs/deploy.md). Only the broker may ask: every call carries the shared MQTT_HOOK_SECRET in
// `x-ems-hook-secret` (a header set in EMQX's hook configuration); without it the answer is
// 403, which EMQX counts as "ignore", and with nothing else configured the client is refused.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HookAccess } from './hook-access';

export const HOOK_SECRET_HEADER = 'x-ems-hook-secret';
export const BROKER_AUTH_PATH = '/broker/auth';
export const BROKER_ACL_PATH = '/broker/acl';

const digest = (s: string) => createHash('sha256').update(s).digest();

const str = { type: 'string', maxLength: 1024 } as const;
const authSchema = {
  body: { type: 'object', required: ['username', 'password'], properties: { username: str, password: str, clientid: str } },
} as const;
const aclSchema = {
  body: {
    type: 'object',
    required: ['username', 'topic', 'action'],
    properties: { username: str, clientid: str, topic: str, action: { type: 'string', enum: ['publish', 'subscribe'] } },
  },
} as const;

export const registerBrokerHooks = (app: FastifyInstance, access: HookAccess, secret: string): void => {
  const want = digest(secret);
  const guard = async (req: FastifyRequest, reply: FastifyReply) => {
    const got = req.headers[HOOK_SECRET_HEADER];
    // comparing digests keeps the comparison constant-time whatever the header's length
    if (typeof got !== 'string' || !timingSafeEqual(digest(got), want)) return reply.code(403).send({ result: 'deny' });
  };
  app.post<{ Body: { username: string; password: string } }>(BROKER_AUTH_PATH, { schema: authSchema, onRequest: guard }, async (req) =>
    access.authenticate(req.body.username, req.body.password),
  );
  app.post<{ Body: { username: string; topic: string; action: 'publish' | 'subscribe' } }>(
    BROKER_ACL_PATH,
    { schema: aclSchema, onRequest: guard },
    async (req) => ({
      result: await access.authorize(req.body.username, req.body.action, req.body.topic),
    }),
  );
};
