import { parseForm, type SignFields } from '../../../protocol/signing';
import { isApiToken } from '../../tokens/resolve';
import type { ApiHook, ApiRequest } from '../call';
import { ActionError } from '../errors';

/** A request that names an API token as its bearer: it is not signed (docs/integrations.md). */
export const carriesApiToken = (req: ApiRequest): boolean => {
  const auth = req.headers.authorization;
  return typeof auth === 'string' && auth.startsWith('Bearer ') && isApiToken(auth.slice(7));
};

/** A JSON body's fields as a form would carry them: scalars as strings, objects and arrays as JSON. */
const fromJson = (body: Record<string, unknown>): SignFields => {
  const out: SignFields = Object.create(null) as SignFields;
  for (const [k, v] of Object.entries(body)) {
    if (v === null || v === undefined) continue;
    out[k] = typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean);
  }
  return out;
};

/**
 * The fields of an API token's call: a form body like the console's (without the signature
 * fields) or a JSON object, with `action` naming the action. The token stands in for signature,
 * clock and nonce: it is a secret only its holder has, checked in the session hook.
 */
export const unsignedFieldsHook: ApiHook = (req, call) => {
  let fields: SignFields;
  if (typeof req.body === 'string') {
    try {
      fields = parseForm(req.body);
    } catch (e) {
      throw new ActionError('badRequest', { reason: String((e as Error).message) });
    }
  } else if (typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body)) fields = fromJson(req.body as Record<string, unknown>);
  else throw new ActionError('badRequest', { reason: 'bodyRequired' });
  if (!fields.action) throw new ActionError('missingField', { field: 'action' });
  call.fields = fields;
};

/** Signed console request or API token's call: each proves itself its own way. */
export const fieldsHook =
  (signed: ApiHook): ApiHook =>
  (req, call) =>
    carriesApiToken(req) ? unsignedFieldsHook(req, call) : signed(req, call);
