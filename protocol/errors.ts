// Stable error codes of the envelope. Codes never change meaning; the console translates
// the i18n key, never the server's `msg`, unless the code is `internal` (SPEC §8: 500 shows it).
export const ErrorCode = {
  ok: 0,
  badRequest: 1000,
  badSignature: 1001,
  staleTimestamp: 1002,
  replay: 1003,
  unknownAccessKey: 1004,
  missingField: 1005,
  unknownAction: 1006,
  crossSite: 1007,
  unauthenticated: 2001,
  forbidden: 2003,
  notFound: 2004,
  wrongCredentials: 2101,
  wrongCode: 2102,
  codeExpired: 2103,
  accountDisabled: 2104,
  sendCodeFailed: 2105,
  wrongPassword: 2106,
  validationFailed: 3001,
  conflict: 3009,
  rateLimited: 4029,
  internal: 5000,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** HTTP status that carries each code. Only `ok` is 200, so SPEC §8's "success only when
 *  HTTP 200 and code 0" holds on both checks. */
export const httpStatusOf: Record<ErrorCodeName, number> = {
  ok: 200,
  badRequest: 400,
  badSignature: 400,
  staleTimestamp: 400,
  replay: 400,
  unknownAccessKey: 400,
  missingField: 400,
  unknownAction: 404,
  crossSite: 403,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  wrongCredentials: 400,
  wrongCode: 400,
  codeExpired: 400,
  accountDisabled: 403,
  sendCodeFailed: 502,
  wrongPassword: 400,
  validationFailed: 422,
  conflict: 409,
  rateLimited: 429,
  internal: 500,
};

const byValue = new Map<number, ErrorCodeName>((Object.entries(ErrorCode) as [ErrorCodeName, number][]).map(([k, v]) => [v, k]));
export const errorNameOf = (code: number): ErrorCodeName | undefined => byValue.get(code);
