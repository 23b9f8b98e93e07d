import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, httpStatusOf } from '../../protocol/errors';
import type { WireLocale } from '../../protocol/console-key';
import { SIGNATURE_FIELDS } from '../../protocol/signing';
import type { Services } from '../services';
import { found, localeOf, type ApiCall, type ApiHook } from './call';
import type { Ctx, Handlers } from './context';
import { decodePayload } from './decode';
import { ActionError } from './errors';
import { actionHook } from './hooks/action';
import { fieldsHook } from './hooks/bearer';
import { originHook } from './hooks/origin';
import { sessionHook } from './hooks/session';
import { signatureHook } from './hooks/signature';
import { toIssues } from './issues';
import { messageOf } from './messages';
import { RawJson } from './raw-json';

// `POST /api/:endpoint` as Fastify hooks, each a step that may refuse (docs/server.md):
//   onRequest      origin and CSRF (before the body is read)
//   preValidation  signature, clock and replay (an API token's call is not signed); then the action
//   preHandler     session or API token, permission and data scope
//   handler        payload validation → the action's handler → the envelope

const ENVELOPE = new Set<string>(SIGNATURE_FIELDS);

const send = (reply: FastifyReply, locale: WireLocale, e: ActionError) => {
  if (e.retryAfter !== undefined) void reply.header('retry-after', String(e.retryAfter));
  return reply.code(httpStatusOf[e.codeName]).send({ code: ErrorCode[e.codeName], msg: messageOf(e.codeName, locale), data: e.data });
};

/** Answers a refusal or a failure as the envelope; anything but an ActionError is logged as internal. */
const refuse = (req: FastifyRequest, reply: FastifyReply, e: unknown) => {
  if (e instanceof ActionError) return send(reply, localeOf(req), e);
  req.log.error({ err: e }, 'action failed');
  return send(reply, localeOf(req), new ActionError('internal'));
};

/** A pipeline step as a Fastify hook: a refusal answers at once and ends the request. */
const asHook =
  (...steps: ApiHook[]) =>
  async (req: FastifyRequest, reply: FastifyReply) => {
    const call: ApiCall = (req.apiCall ??= { locale: localeOf(req) });
    try {
      for (const step of steps) await step(req, call);
    } catch (e) {
      return refuse(req, reply, e);
    }
  };

/** Validation → handler → envelope, once every hook has let the request through. */
const runAction = (services: Services) => async (req: FastifyRequest, reply: FastifyReply) => {
  const call = found(req.apiCall ?? undefined);
  const { name, def, handler } = found(call.action);
  const s = call.session;
  const ctx: Ctx = {
    services,
    locale: call.locale,
    ip: req.ip,
    log: req.log,
    now: new Date(services.clock()),
    principal: s?.principal ?? null,
    scope: s?.scope ?? null,
    tokenHash: s?.tokenHash ?? null,
    token: s?.token ?? null,
    apiTokenId: s?.apiTokenId ?? null,
  };
  const payload: Record<string, string> = {};
  for (const [k, v] of Object.entries(found(call.fields))) if (!ENVELOPE.has(k)) payload[k] = v;
  const parsed = def.request.safeParse(decodePayload(def.request, payload), { reportInput: true });
  if (!parsed.success) throw new ActionError('validationFailed', { issues: toIssues(parsed.error) });

  const data = await handler(parsed.data as never, ctx);
  if (def.kind === 'write') {
    const sid = (parsed.data as { stationId?: unknown }).stationId;
    services.stationCache.invalidate(typeof sid === 'number' ? sid : undefined);
  }
  if (services.validateResponses) {
    const r = def.response.safeParse(data instanceof RawJson ? data.value : data);
    if (!r.success) {
      req.log.error({ action: name, issues: r.error.issues }, 'response does not match the catalogue');
      throw new ActionError('internal');
    }
  }
  if (data instanceof RawJson)
    return reply
      .code(200)
      .type('application/json; charset=utf-8')
      .send(`{"code":0,"msg":${JSON.stringify(messageOf('ok', call.locale))},"data":${data.json}}`);
  return reply.code(200).send({ code: 0, msg: messageOf('ok', call.locale), data: data ?? null });
};

/** Registers `POST /api/:endpoint`: origin → signature (or API token) → action → session → validate → run. */
export const registerApi = (app: FastifyInstance, services: Services, handlers: Handlers): void => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
  app.decorateRequest('apiCall', null);
  const run = runAction(services);
  app.post<{ Params: { endpoint: string } }>(
    '/api/:endpoint',
    {
      onRequest: asHook(originHook(services.config)),
      preValidation: asHook(fieldsHook(signatureHook(services)), actionHook(handlers)),
      preHandler: asHook(sessionHook(services)),
    },
    async (req, reply) => {
      try {
        return await run(req, reply);
      } catch (e) {
        return refuse(req, reply, e);
      }
    },
  );
};
