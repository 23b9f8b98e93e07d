import { ENDPOINTS, type Endpoint } from '../../../protocol/action';
import { CLIENT_HEADER } from '../../../protocol/console-key';
import type { ApiHook, ApiRequest } from '../call';
import { ActionError } from '../errors';
import { carriesApiToken } from './bearer';

/** An `Origin`, when present, must be this server's own or listed in ALLOWED_ORIGINS. */
const sameOrigin = (req: ApiRequest, allowedOrigins: readonly string[]): boolean => {
  const origin = req.headers.origin;
  if (!origin) return true; // non-browser clients; the custom header still applies
  if (allowedOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
};

/**
 * Which endpoint, and from where. CSRF: a cross-site form can neither set the custom client
 * header nor pass the Origin check. An API token's call needs no custom header: a cross-site
 * form cannot set `Authorization` either. Runs before the body is read.
 */
export const originHook =
  (config: { allowedOrigins: readonly string[] }): ApiHook =>
  (req, call) => {
    const endpoint = (req.params as { endpoint?: string }).endpoint;
    if (!endpoint || !(ENDPOINTS as readonly string[]).includes(endpoint)) throw new ActionError('unknownAction');
    if ((req.headers[CLIENT_HEADER] !== '1' && !carriesApiToken(req)) || !sameOrigin(req, config.allowedOrigins)) throw new ActionError('crossSite');
    call.endpoint = endpoint as Endpoint;
  };
