// The signed request source (SPEC §7, §8). Transport, signer and clock are injected so tests
// drive it with plain functions; nothing here touches fetch, window or React.
import type { ActionName, RequestOf, ResponseOf } from '../../protocol/catalogue';
import { actionEndpoints } from '../../protocol/endpoints.gen';
import { isSuccess, type FieldIssue } from '../../protocol/envelope';
import { errorNameOf, type ErrorCodeName } from '../../protocol/errors';
import { API_BASE, CLIENT_HEADER, LOCALE_HEADER, wireLocaleOf } from '../../protocol/console-key';
import { defer, type Observable } from 'rxjs';
import { REQUEST_TIMEOUT_MS } from '../constants';
import type { Language, MessageText } from '../types';

export type KnownAction = ActionName;
export type Req<A extends ActionName> = RequestOf<A>;
export type Res<A extends ActionName> = ResponseOf<A>;

export interface HttpRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}
export interface HttpResponse {
  status: number;
  body: unknown;
}
/** Resolves with any HTTP answer; rejects with TransportError for timeouts and network failures. */
export type Transport = (req: HttpRequest) => Promise<HttpResponse>;
export class TransportError extends Error {
  constructor(readonly kind: 'timeout' | 'network') {
    super(kind);
  }
}
export type Signer = (action: string, payload: Record<string, unknown>) => Promise<string>;
export interface Clock {
  now(): number;
}
/** Where the app is and how to leave it: for the 401 rule of SPEC §4. */
export interface Navigator {
  /** full current path: pathname + search + hash */
  current(): string;
  go(to: string, opts?: { replace?: boolean }): void;
}

export type ApiError =
  | { kind: 'http'; status: number; code: number; codeName: ErrorCodeName | undefined; msg: string; fields?: FieldIssue[]; reason?: string }
  | { kind: 'timeout' }
  | { kind: 'network' };

export class ApiFailure extends Error {
  constructor(readonly error: ApiError) {
    super(error.kind === 'http' ? `${error.status} ${error.codeName ?? error.code}: ${error.msg}` : error.kind);
  }
  get codeName(): ErrorCodeName | undefined {
    return this.error.kind === 'http' ? this.error.codeName : undefined;
  }
  /** field-level detail of a validationFailed answer (empty otherwise) */
  get fields(): FieldIssue[] {
    return this.error.kind === 'http' ? (this.error.fields ?? []) : [];
  }
  /** `data.reason` of a refusal (e.g. a conflict's), when the server gave one */
  get reason(): string | undefined {
    return this.error.kind === 'http' ? this.error.reason : undefined;
  }
}

export interface CallOptions {
  /** the caller shows its own message for non-401 failures (e.g. login's texts) */
  quiet?: boolean;
  /** send this token instead of the store's (logout after the store was cleared) */
  token?: string;
}

/** What the request source reports to the store (a subset of its events). */
export type ApiEvent =
  | { type: 'message/shown'; messageType: 'error'; text: MessageText; at: number }
  | { type: 'api/succeeded'; at: number }
  | { type: 'api/unreachable'; at: number }
  | { type: 'session/expired' };

/** The part of the store the request source reads (token, language) and reports to. */
export interface ApiStore {
  getState(): { session: { token: string | null; language: Language } };
  dispatch(e: ApiEvent): void;
}

export interface ApiDeps {
  transport: Transport;
  signer: Signer;
  clock: Clock;
  store: ApiStore;
  nav: Navigator;
  loginPath?: string;
}

export interface Api {
  call<A extends KnownAction>(action: A, payload: Req<A>, opts?: CallOptions): Promise<Res<A>>;
  call$<A extends KnownAction>(action: A, payload: Req<A>, opts?: CallOptions): Observable<Res<A>>;
}

export const endpointOf = (action: string): string | undefined => (actionEndpoints as Record<string, string>)[action];

export const loginRedirectPath = (current: string, loginPath = '/login'): string => `${loginPath}?redirect=${encodeURIComponent(current)}`;

const isFieldIssue = (x: unknown): x is FieldIssue =>
  typeof x === 'object' && x !== null && typeof (x as FieldIssue).path === 'string' && typeof (x as FieldIssue).issue === 'string';
/** validationFailed answers carry their field issues in `data` (a list, or `{ issues }`). */
function fieldsOf(data: unknown): { fields?: FieldIssue[] } {
  const list = Array.isArray(data) ? data : typeof data === 'object' && data !== null ? (data as { issues?: unknown }).issues : undefined;
  return Array.isArray(list) && list.some(isFieldIssue) ? { fields: list.filter(isFieldIssue) } : {};
}

export function createApi(deps: ApiDeps): Api {
  const { transport, signer, clock, store, nav } = deps;
  const loginPath = deps.loginPath ?? '/login';

  const showError = (text: { key: string } | { raw: string }) => store.dispatch({ type: 'message/shown', messageType: 'error', text, at: clock.now() });

  async function call<A extends KnownAction>(action: A, payload: Req<A>, opts: CallOptions = {}): Promise<Res<A>> {
    const endpoint = endpointOf(action);
    if (!endpoint) throw new Error(`unknown action ${action}`);
    const s = store.getState().session;
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      [LOCALE_HEADER]: wireLocaleOf(s.language),
      [CLIENT_HEADER]: '1',
    };
    const token = opts.token ?? s.token;
    if (token) headers.authorization = `Bearer ${token}`;
    const body = await signer(action, payload as Record<string, unknown>);
    let res: HttpResponse;
    try {
      res = await transport({ url: `${API_BASE}/${endpoint}`, headers, body, timeoutMs: REQUEST_TIMEOUT_MS });
    } catch (e) {
      const kind = e instanceof TransportError ? e.kind : 'network';
      store.dispatch({ type: 'api/unreachable', at: clock.now() });
      if (!opts.quiet) showError({ key: `errors.${kind}` });
      throw new ApiFailure({ kind });
    }
    if (isSuccess(res.status, res.body)) {
      store.dispatch({ type: 'api/succeeded', at: clock.now() });
      return res.body.data as Res<A>;
    }
    const env = (typeof res.body === 'object' && res.body !== null ? res.body : {}) as { code?: unknown; msg?: unknown; data?: unknown };
    const code = typeof env.code === 'number' ? env.code : -1;
    const msg = typeof env.msg === 'string' ? env.msg : '';
    const reason = (env.data as { reason?: unknown } | null)?.reason;
    const err: ApiError = {
      kind: 'http',
      status: res.status,
      code,
      codeName: errorNameOf(code),
      msg,
      ...fieldsOf(env.data),
      ...(typeof reason === 'string' ? { reason } : {}),
    };
    if (res.status === 401 && !opts.token) {
      // SPEC §4/§8: clear the token, go to login with the current full path, unless already there
      store.dispatch({ type: 'session/expired' });
      const here = nav.current();
      if (!here.startsWith(loginPath)) nav.go(loginRedirectPath(here, loginPath), { replace: true });
    } else if (res.status === 500) {
      // SPEC §8: 500 shows the server message (or the error message)
      if (!opts.quiet) showError(msg ? { raw: msg } : { key: `errors.${err.codeName ?? 'internal'}` });
    } else if (!opts.quiet) {
      showError(err.codeName ? { key: `errors.${err.codeName}` } : msg ? { raw: msg } : { key: 'errors.unknown' });
    }
    throw new ApiFailure(err);
  }

  return { call, call$: (a, p, o) => defer(() => call(a, p, o)) };
}
