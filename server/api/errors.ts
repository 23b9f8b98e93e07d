import type { ErrorCodeName } from '../../protocol/errors';
import type { FieldIssue } from '../../protocol/envelope';

/** Thrown by handlers and the pipeline; becomes the envelope `{code, msg, data}`. */
export class ActionError extends Error {
  constructor(
    readonly codeName: ErrorCodeName,
    readonly data: unknown = null,
    /** seconds, for rateLimited */
    readonly retryAfter?: number,
  ) {
    super(codeName);
  }
}

export const fail = (name: ErrorCodeName, data: unknown = null): never => {
  throw new ActionError(name, data);
};

/** The same answer for a missing id and one outside the caller's scope. */
export const notFound = (): never => fail('notFound');

/** A write refused by the state it found; `reason` names the rule, `extra` points at the field. */
export const conflict = (reason: string, extra: Record<string, unknown> = {}): never => fail('conflict', { reason, ...extra });

export const invalid = (issues: FieldIssue[]): never => {
  throw new ActionError('validationFailed', { issues });
};

/** Exactly one of two alternative fields: with neither the issue names `paths.neither`, with both `paths.both`. */
export const exactlyOne = (a: unknown, b: unknown, paths: { neither: string; both: string }): void => {
  if ((a === undefined) === (b === undefined)) invalid([{ path: a === undefined ? paths.neither : paths.both, issue: 'oneOf' }]);
};
