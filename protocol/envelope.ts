import type { ErrorCodeValue } from './errors';

/** Field-level validation detail carried in `data` of a validationFailed envelope. */
export interface FieldIssue {
  /** dotted path of the payload field, e.g. `slots.2.end` */
  path: string;
  /** stable issue code: required, tooSmall, tooBig, invalidType, invalidFormat, custom… */
  issue: string;
  /** optional bound for tooSmall/tooBig */
  limit?: number | string;
}

export interface Envelope<T = unknown> {
  code: ErrorCodeValue | number;
  msg: string;
  data: T;
}

/** SPEC §8: a response is a success only when the HTTP status is 200 and the body code is 0. */
export const isSuccess = (httpStatus: number, body: unknown): body is Envelope =>
  httpStatus === 200 && typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 0;
