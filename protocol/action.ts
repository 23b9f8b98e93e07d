import type { z } from 'zod';
import type { Permission } from './permissions';

/** The four business endpoints of SPEC §7, all under `/api/`. */
export const ENDPOINTS = ['energystorage', 'asset', 'alarm', 'mot'] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

/**
 * Who may call an action:
 * - `null`: public (no session), e.g. login.
 * - `'@session'`: any signed-in account (profile, own password, logout).
 * - a permission key, or a list of which any one suffices. Route permission keys equal
 *   route names (SPEC §6); write actions add `<area>.edit`-style keys.
 */
export type PermissionRule = null | '@session' | Permission | readonly Permission[];

/** Which part of the build implements the handler (docs/api.md lists it). */
export type Stage = 'foundation' | 'fleet';

export interface ActionDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  endpoint: Endpoint;
  permission: PermissionRule;
  /** read actions may be answered from memory; writes change state */
  kind: 'read' | 'write';
  stage: Stage;
  summary: string;
  request: Req;
  response: Res;
}

export const action = <Req extends z.ZodType, Res extends z.ZodType>(def: ActionDef<Req, Res>): ActionDef<Req, Res> => def;

type Shapes<Req extends z.ZodType, Res extends z.ZodType> = Pick<ActionDef<Req, Res>, 'summary' | 'request' | 'response'>;

/**
 * The actions of one endpoint implemented in one stage share both, so each names only who may
 * call it, what it does and its shapes; `read` and `write` set the kind.
 */
export const actionsOn = <E extends Endpoint>(endpoint: E, stage: Stage = 'foundation') => {
  const of =
    <K extends ActionDef['kind']>(kind: K) =>
    <Req extends z.ZodType, Res extends z.ZodType>(permission: PermissionRule, shapes: Shapes<Req, Res>) =>
      action({ endpoint, permission, kind, stage, ...shapes }) as ActionDef<Req, Res> & { endpoint: E; kind: K };
  return { read: of('read'), write: of('write') };
};
