import type { Ctx } from '../api/context';
import { ActionError } from '../api/errors';
import type { FleetRuntime } from '../fleet/runtime';

/** The simulated fleet behind the gateways; a server started without it answers `internal`. */
export const fleetOf = (ctx: Ctx): FleetRuntime => {
  const f = ctx.services.fleet;
  if (!f) throw new ActionError('internal', { reason: 'fleetUnavailable' });
  return f;
};
