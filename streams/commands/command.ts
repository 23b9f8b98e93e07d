// A user command as a stream (ReactiveTraderCloud's Tile.state style): each trigger runs the
// request through `exhaustMap`, so a trigger that arrives while one is in flight (a double
// click) is dropped and the server sees one request. The outcome is a stream of events the UI
// renders: pending, then succeeded or failed with the server's code and field errors.
import { catchError, defer, exhaustMap, filter, from, map, of, share, startWith, type Observable, type ObservableInput } from 'rxjs';
import type { FieldIssue } from '../../protocol/envelope';
import type { ErrorCodeName } from '../../protocol/errors';

export interface CommandError {
  /** the envelope's error code name; undefined for timeouts, network failures and unknown codes */
  code: ErrorCodeName | undefined;
  /** field-level detail of a validationFailed answer, by payload path */
  fields: FieldIssue[];
  /** `data.reason` of a refusal (a conflict's), when the server gave one */
  reason?: string;
  /** the server's own message of an HTTP failure (SPEC §8 shows it after some prefixes) */
  message?: string;
  /** no answer at all: the request timed out or the network failed */
  transport?: 'timeout' | 'network';
}

export type CommandEvent<I, O> = { type: 'pending'; input: I } | { type: 'succeeded'; input: I; output: O } | { type: 'failed'; input: I; error: CommandError };

/** What a thrown request error says, for errors that carry it (streams/api's ApiFailure does). */
export interface DescribedError {
  codeName?: ErrorCodeName;
  fields?: FieldIssue[];
  reason?: string;
  error?: { kind?: string; msg?: string };
}

export const commandError = (e: unknown): CommandError => {
  const d = (typeof e === 'object' && e !== null ? e : {}) as DescribedError;
  const kind = d.error?.kind;
  return {
    code: d.codeName,
    fields: Array.isArray(d.fields) ? d.fields : [],
    ...(typeof d.reason === 'string' ? { reason: d.reason } : {}),
    ...(kind === 'http' && typeof d.error?.msg === 'string' ? { message: d.error.msg } : {}),
    ...(kind === 'timeout' || kind === 'network' ? { transport: kind } : {}),
  };
};

/** Runs `run` for each trigger unless one is already running; shared, so every subscriber sees
 *  the same outcome and a trigger never runs twice. Nothing runs until subscribed. */
export function command<I, O>(trigger$: Observable<I>, run: (input: I) => ObservableInput<O>): Observable<CommandEvent<I, O>> {
  return trigger$.pipe(
    exhaustMap((input) =>
      defer(() => from(run(input))).pipe(
        map((output): CommandEvent<I, O> => ({ type: 'succeeded', input, output })),
        catchError((e: unknown) => of<CommandEvent<I, O>>({ type: 'failed', input, error: commandError(e) })),
        startWith<CommandEvent<I, O>>({ type: 'pending', input }),
      ),
    ),
    share(),
  );
}

/** True while the last event is pending: a button's disabled state. */
export const isPending = <I, O>(e: CommandEvent<I, O> | null | undefined): boolean => e?.type === 'pending';

/** The outputs of a command's successes (e.g. to re-read a list after a save). */
export const succeededOutputs = <I, O>(events$: Observable<CommandEvent<I, O>>): Observable<O> =>
  events$.pipe(
    filter((e): e is Extract<CommandEvent<I, O>, { type: 'succeeded' }> => e.type === 'succeeded'),
    map((e) => e.output),
  );
