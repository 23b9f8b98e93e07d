import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { catalogue, type ActionName } from '../../protocol/catalogue';
import { ENDPOINTS, type ActionDef, type Endpoint } from '../../protocol/action';
import { CLIENT_HEADER, LOCALE_HEADER, type WireLocale } from '../../protocol/console-key';
import { ErrorCode, httpStatusOf } from '../../protocol/errors';
import type { FieldIssue } from '../../protocol/envelope';
import { SIGNATURE_FIELDS, parseForm, signFieldsSync, type SignFields } from '../../protocol/signing';
import { Scope } from '../auth/scope';
import type { Services } from '../services';
import type { Ctx, Handler, Handlers } from './context';
import { decodePayload } from './decode';
import { ActionError } from './errors';
import { RawJson } from './raw-json';
import { messageOf } from './messages';

const ENVELOPE = new Set<string>(SIGNATURE_FIELDS);
const REQUIRED = SIGNATURE_FIELDS;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
// One KeyObject per secret: importing the key string on every request costs measurably.
const keys = new Map<string, KeyObject>();
const hmacSha256 = (key: string, data: string) => {
  let k = keys.get(key);
  if (!k) keys.set(key, (k = createSecretKey(Buffer.from(key, 'utf8'))));
  return createHmac('sha256', k).update(data).digest('base64');
};

const localeOf = (req: FastifyRequest): WireLocale => (req.headers[LOCALE_HEADER] === 'en_GB' ? 'en_GB' : 'zh_CN');

const toIssues = (err: z.ZodError): FieldIssue[] =>
  err.issues.map((i) => {
    const base = { path: i.path.map(String).join('.') };
    if (i.code === 'too_small') return { ...base, issue: 'tooSmall', limit: Number(i.minimum) };
    if (i.code === 'too_big') return { ...base, issue: 'tooBig', limit: Number(i.maximum) };
    // Parsed with reportInput, so a missing field shows as input undefined whatever the type.
    if ((i.code === 'invalid_type' || i.code === 'invalid_value' || i.code === 'invalid_union') && (i as { input?: unknown }).input === undefined)
      return { ...base, issue: 'required' };
    if (i.code === 'invalid_type') return { ...base, issue: 'invalidType' };
    if (i.code === 'invalid_format' || i.code === 'invalid_value') return { ...base, issue: 'invalidFormat' };
    if (i.code === 'custom') return { ...base, issue: i.message || 'custom' };
    return { ...base, issue: i.code };
  });

const send = (reply: FastifyReply, locale: WireLocale, e: ActionError) => {
  if (e.retryAfter !== undefined) void reply.header('retry-after', String(e.retryAfter));
  return reply.code(httpStatusOf[e.codeName]).send({ code: ErrorCode[e.codeName], msg: messageOf(e.codeName, locale), data: e.data });
};

/** Registers `POST /api/:endpoint`: verify → look up → authenticate → authorise → validate → run. */
export const registerApi = (app: FastifyInstance, services: Services, handlers: Handlers): void => {
  const { config, sessions, nonces, registry } = services;
  const secrets = services.accessKeys;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  const sameOrigin = (req: FastifyRequest): boolean => {
    const origin = req.headers.origin;
    if (!origin) return true; // non-browser clients; the custom header still applies
    if (config.allowedOrigins.includes(origin)) return true;
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false;
    }
  };

  app.post<{ Params: { endpoint: string } }>('/api/:endpoint', async (req, reply) => {
    const locale = localeOf(req);
    try {
      const endpoint = req.params.endpoint as Endpoint;
      if (!(ENDPOINTS as readonly string[]).includes(endpoint)) throw new ActionError('unknownAction');
      // CSRF: a cross-site form can neither set a custom header nor pass the Origin check.
      if (req.headers[CLIENT_HEADER] !== '1' || !sameOrigin(req)) throw new ActionError('crossSite');
      if (typeof req.body !== 'string') throw new ActionError('badRequest', { reason: 'formBodyRequired' });

      let fields: SignFields;
      try {
        fields = parseForm(req.body);
      } catch (e) {
        throw new ActionError('badRequest', { reason: String((e as Error).message) });
      }
      for (const f of REQUIRED) if (!fields[f]) throw new ActionError('missingField', { field: f });
      const secret = secrets.get(fields.accessKeyId!);
      if (secret === undefined) throw new ActionError('unknownAccessKey');
      if (fields.signatureMethod !== 'HMAC-SHA256' || fields.signatureVersion !== '1.0') throw new ActionError('badSignature');
      if (fields.version !== '1.0.0') throw new ActionError('badRequest', { reason: 'version' });
      if (!TIMESTAMP.test(fields.timestamp!)) throw new ActionError('staleTimestamp');
      const skew = Math.abs(services.clock() - Date.parse(fields.timestamp!));
      if (!(skew <= config.signatureSkewSeconds * 1000)) throw new ActionError('staleTimestamp');
      const expected = Buffer.from(signFieldsSync(fields, secret, hmacSha256));
      const got = Buffer.from(fields.signature!);
      if (expected.length !== got.length || !timingSafeEqual(expected, got)) throw new ActionError('badSignature');
      if (!nonces.claim(fields.signatureNonce!)) throw new ActionError('replay');

      const name = fields.action! as ActionName;
      const def = (Object.hasOwn(catalogue, name) ? catalogue[name] : undefined) as ActionDef | undefined;
      const handler = handlers[name] as Handler<ActionName> | undefined;
      if (!def || def.endpoint !== endpoint || !handler) throw new ActionError('unknownAction');

      let ctx: Ctx = { services, locale, ip: req.ip, log: req.log, now: new Date(services.clock()), principal: null, scope: null, tokenHash: null, token: null };
      if (def.permission !== null) {
        const auth = req.headers.authorization;
        const token = auth?.startsWith('Bearer ') ? auth.slice(7) : '';
        const s = token ? await sessions.resolve(token) : null;
        if (!s) throw new ActionError('unauthenticated');
        const need = def.permission === '@session' ? [] : typeof def.permission === 'string' ? [def.permission] : def.permission;
        if (need.length > 0 && !need.some((p) => s.principal.permissions.has(p))) throw new ActionError('forbidden');
        ctx = { ...ctx, principal: s.principal, scope: new Scope(s.principal, registry), tokenHash: s.tokenHash, token };
      }

      const payload: Record<string, string> = {};
      for (const [k, v] of Object.entries(fields)) if (!ENVELOPE.has(k)) payload[k] = v;
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
        return reply.code(200).type('application/json; charset=utf-8').send(`{"code":0,"msg":${JSON.stringify(messageOf('ok', locale))},"data":${data.json}}`);
      return reply.code(200).send({ code: 0, msg: messageOf('ok', locale), data: data ?? null });
    } catch (e) {
      if (e instanceof ActionError) return send(reply, locale, e);
      req.log.error({ err: e }, 'action failed');
      return send(reply, locale, new ActionError('internal'));
    }
  });
};
