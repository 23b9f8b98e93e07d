import type { FastifyRequest } from 'fastify';
import type { ActionName } from '../../protocol/catalogue';
import type { ActionDef, Endpoint } from '../../protocol/action';
import { LOCALE_HEADER, type WireLocale } from '../../protocol/console-key';
import type { SignFields } from '../../protocol/signing';
import type { Principal, Scope } from '../auth/scope';
import type { Handler } from './context';
import { ActionError } from './errors';

// What the API hooks learn about a request, step by step (pipeline.ts): each hook reads what
// the hooks before it found and adds its own part, or refuses with an ActionError.

export interface ApiCall {
  readonly locale: WireLocale;
  /** origin hook: the endpoint of the URL, one of ENDPOINTS */
  endpoint?: Endpoint;
  /** signature hook: the verified form fields, envelope included */
  fields?: SignFields;
  /** action hook: the catalogue entry and its handler */
  action?: { name: ActionName; def: ActionDef; handler: Handler<ActionName> };
  /** session hook: who asks (absent for public actions) */
  session?: { principal: Principal; scope: Scope; tokenHash: string; token: string; apiTokenId: number | null };
}

/** The parts of a request the hooks read; a test builds one from plain values. */
export type ApiRequest = Pick<FastifyRequest, 'headers' | 'params' | 'body'> & Partial<Pick<FastifyRequest, 'ip'>>;

/** One step of the pipeline: resolves when the request may go on, throws ActionError when not. */
export type ApiHook = (req: ApiRequest, call: ApiCall) => void | Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** set by the API route's hooks; null on every other route */
    apiCall: ApiCall | null;
  }
}

export const localeOf = (req: ApiRequest): WireLocale => (req.headers[LOCALE_HEADER] === 'en_GB' ? 'en_GB' : 'zh_CN');

/** A part an earlier hook must have found; its absence is a wiring fault, not a client error. */
export const found = <T>(part: T | undefined): T => {
  if (part === undefined) throw new ActionError('internal');
  return part;
};
