import { z } from 'zod';
import { ENDPOINTS, type ActionDef, type Endpoint } from '../../../protocol/action';
import { API_TOKEN_PREFIX } from '../../../protocol/actions/api-tokens';
import { catalogue } from '../../../protocol/catalogue';
import { CLIENT_HEADER, LOCALE_HEADER } from '../../../protocol/console-key';
import { ErrorCode, httpStatusOf, type ErrorCodeName } from '../../../protocol/errors';
import { SIGNATURE_FIELDS } from '../../../protocol/signing';
import { BUILDING_BLOCKS, namedObjects } from './shared';

// The OpenAPI 3.1 description of the action catalogue (docs/integrations.md), served at
// `GET /api/openapi.json`. Each endpoint is one operation whose request names its action in
// `action` (the discriminator); every action's payload and answer are components.

type Json = Record<string, unknown>;
const REF = '#/components/schemas/';
const ref = (name: string) => ({ $ref: `${REF}${name}` });

const actions = () => Object.entries(catalogue as Record<string, ActionDef>).sort(([a], [b]) => (a < b ? -1 : 1));
const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1);

/** JSON Schemas of one direction (`input` for requests, `output` for answers), shared parts as refs. */
const schemasOf = (io: 'input' | 'output', own: [z.ZodType, string][]): Record<string, Json> => {
  const reg = z.registry<{ id: string }>();
  // A schema several actions share (an empty request, a null answer) is named once; the others refer to it.
  const aliases: Record<string, Json> = {};
  for (const [s, name] of [...BUILDING_BLOCKS, ...(io === 'output' ? namedObjects() : []), ...own]) {
    const first = reg.get(s)?.id;
    if (first === undefined) reg.add(s, { id: name });
    else if (first !== name) aliases[name] = ref(first);
  }
  const { schemas } = z.toJSONSchema(reg, { io, unrepresentable: 'any', uri: (name) => `${REF}${name}` }) as { schemas: Record<string, Json> };
  for (const s of Object.values(schemas)) {
    delete s.$schema;
    delete s.$id;
  }
  return { ...schemas, ...aliases };
};

const envelope = (data: Json, code: Json = { type: 'integer' }): Json => ({
  type: 'object',
  properties: { code, msg: { type: 'string', description: 'a message in the asked locale' }, data },
  required: ['code', 'msg', 'data'],
});

const securitySchemes = {
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: `${API_TOKEN_PREFIX}…`,
    description:
      "An API token made on the console's \"API tokens\" page. The body is not signed; the call acts as the token's creator, narrowed to the token's permissions and data scope, rate-limited per token and audited.",
  },
  consoleSession: {
    type: 'http',
    scheme: 'bearer',
    description: `The console: the session token \`login\` answers, together with the signed form (SIGNING.md): the fields ${SIGNATURE_FIELDS.map((f) => `\`${f}\``).join(', ')} and \`signature\`, HMAC-SHA256 over the sorted, percent-encoded fields with the console's access key.`,
  },
  consoleClient: {
    type: 'apiKey',
    in: 'header',
    name: CLIENT_HEADER,
    description: "Always `1` on a console request (cross-site request guard); an API token's call does not need it.",
  },
};

const operation = (endpoint: Endpoint, names: string[]): Json => {
  const mapping = Object.fromEntries(names.map((n) => [n, `${REF}${pascal(n)}Call`]));
  const body = { oneOf: names.map((n) => ref(`${pascal(n)}Call`)), discriminator: { propertyName: 'action', mapping } };
  return {
    operationId: endpoint,
    summary: `The ${endpoint} actions`,
    description: `One of: ${names.join(', ')}. \`action\` names it; the other fields are its payload. A form body carries an object or array field as compact JSON.`,
    parameters: [
      { name: LOCALE_HEADER, in: 'header', required: false, schema: { type: 'string', enum: ['zh_CN', 'en_GB'] }, description: 'language of `msg`' },
    ],
    requestBody: { required: true, content: { 'application/json': { schema: body }, 'application/x-www-form-urlencoded': { schema: body } } },
    responses: {
      '200': {
        description: "Success: `code` 0 and the action's answer in `data`",
        content: { 'application/json': { schema: { oneOf: names.map((n) => ref(`${pascal(n)}Answer`)) } } },
      },
      default: { description: 'A refusal or failure; `code` says which (ErrorCode)', content: { 'application/json': { schema: ref('ErrorEnvelope') } } },
    },
    security: [{ apiToken: [] }, { consoleSession: [], consoleClient: [] }],
  };
};

/** The whole document; `version` is the package's. */
export const buildOpenApi = (version: string): Json => {
  const all = actions();
  const requests = schemasOf(
    'input',
    all.map(([n, d]) => [d.request, `${pascal(n)}Request`]),
  );
  const answers = schemasOf(
    'output',
    all.map(([n, d]) => [d.response, `${pascal(n)}Response`]),
  );
  const calls: Record<string, Json> = {};
  for (const [n, d] of all) {
    const who = d.permission === null ? 'public' : d.permission === '@session' ? 'any signed-in account' : `needs ${[d.permission].flat().join(' or ')}`;
    calls[`${pascal(n)}Call`] = {
      description: `${d.summary} (${d.kind}; ${who})`,
      // read by the rendered reference (reference.ts), which shows them apart from the summary
      'x-summary': d.summary,
      'x-kind': d.kind,
      'x-permission': who,
      allOf: [{ type: 'object', properties: { action: { const: n } }, required: ['action'] }, ref(`${pascal(n)}Request`)],
    };
    calls[`${pascal(n)}Answer`] = envelope(ref(`${pascal(n)}Response`), { const: 0 });
  }
  const codes = Object.entries(ErrorCode) as [ErrorCodeName, number][];
  return {
    openapi: '3.1.0',
    info: {
      title: 'EMS Cloud API',
      version,
      description: `Every action is \`POST /api/<endpoint>\`; the answer is always \`{ code, msg, data }\`, a success only when HTTP is 200 and \`code\` is 0. Error codes: ${codes.map(([k, v]) => `${v} ${k} (HTTP ${httpStatusOf[k]})`).join(', ')}.`,
    },
    servers: [{ url: '/' }],
    paths: Object.fromEntries(
      ENDPOINTS.map((e) => [
        `/api/${e}`,
        {
          post: operation(
            e,
            all.filter(([, d]) => d.endpoint === e).map(([n]) => n),
          ),
        },
      ]),
    ),
    components: {
      schemas: {
        ...answers,
        ...requests,
        ...calls,
        ErrorEnvelope: envelope(
          { description: 'what the refusal is about (a validation failure lists `issues`)' },
          { type: 'integer', enum: codes.map(([, v]) => v).filter((v) => v !== 0) },
        ),
      },
      securitySchemes,
    },
  };
};
