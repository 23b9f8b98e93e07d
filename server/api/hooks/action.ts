import { catalogue, type ActionName } from '../../../protocol/catalogue';
import type { ActionDef } from '../../../protocol/action';
import { found, type ApiHook } from '../call';
import type { Handler, Handlers } from '../context';
import { ActionError } from '../errors';

/** The signed action must exist in the catalogue on this endpoint and have a handler. */
export const actionHook =
  (handlers: Handlers): ApiHook =>
  (_req, call) => {
    const name = found(call.fields).action! as ActionName;
    const def = (Object.hasOwn(catalogue, name) ? catalogue[name] : undefined) as ActionDef | undefined;
    const handler = handlers[name] as Handler<ActionName> | undefined;
    if (!def || def.endpoint !== found(call.endpoint) || !handler) throw new ActionError('unknownAction');
    call.action = { name, def, handler };
  };
