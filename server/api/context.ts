import type { z } from 'zod';
import type { Catalogue, ActionName } from '../../protocol/catalogue';
import type { WireLocale } from '../../protocol/console-key';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import type { Principal, Scope } from '../auth/scope';
import { ActionError } from './errors';

export interface Ctx {
  readonly services: Services;
  readonly locale: WireLocale;
  readonly ip: string;
  readonly log: FastifyBaseLogger;
  readonly now: Date;
  /** null only for public actions */
  readonly principal: Principal | null;
  readonly scope: Scope | null;
  readonly tokenHash: string | null;
  /** the bearer token itself; only the broker credentials need it, never log it */
  readonly token: string | null;
  /** the API token the call came with; null for a console session (docs/integrations.md) */
  readonly apiTokenId: number | null;
}

/** The principal and scope of an action that requires a session (the pipeline checked). */
export const authed = (ctx: Ctx): { me: Principal; scope: Scope; tokenHash: string; token: string } => {
  if (!ctx.principal || !ctx.scope || !ctx.tokenHash || !ctx.token) throw new ActionError('unauthenticated');
  return { me: ctx.principal, scope: ctx.scope, tokenHash: ctx.tokenHash, token: ctx.token };
};

export type Handler<A extends ActionName> = (input: z.output<Catalogue[A]['request']>, ctx: Ctx) => Promise<z.input<Catalogue[A]['response']>>;

export type Handlers = { [A in ActionName]?: Handler<A> };
