// A command of streams/<domain> bound to a component: `run` triggers it (a second trigger while
// one runs is dropped by the command's exhaustMap), `last` is its latest event (pending /
// succeeded / failed), `onEvent` sees each event.
import { useObservableState, useSubscription } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { Subject, type Observable } from 'rxjs';
import type { Api } from '../../streams/api/client';
import { isPending, type CommandEvent } from '../../streams/commands/command';
import { useRuntime } from './runtime';

export function useCommand<I, O>(make: (api: Api, input$: Observable<I>) => Observable<CommandEvent<I, O>>, onEvent: (e: CommandEvent<I, O>) => void) {
  const { api } = useRuntime();
  const [input$] = useState(() => new Subject<I>());
  const events$ = useMemo(() => make(api, input$), [api, input$, make]);
  const last = useObservableState(events$, null);
  useSubscription(events$, onEvent);
  return { run: (input: I) => input$.next(input), last, pending: isPending(last) };
}

/** A signal that re-reads a screen's lists (after a write, or while a record is pending). */
export function useReload(): [Observable<void>, () => void] {
  const [reload$] = useState(() => new Subject<void>());
  return [reload$, () => reload$.next()];
}
