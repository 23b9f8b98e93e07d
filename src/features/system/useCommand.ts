// A command (streams/commands) in a component, given the request source: `run` triggers it, `busy` while it runs, `error`
// the last refusal until the next run or `clear`, `onDone` gets each success, `onFail` each refusal.
import { useObservable, useObservableCallback, useObservableState, useSubscription } from 'observable-hooks';
import { useRef, useState } from 'react';
import { useRuntime } from '../../hooks/runtime';
import type { Observable } from 'rxjs';
import type { Api } from '../../../streams/api/client';
import { isPending, type CommandError, type CommandEvent } from '../../../streams/commands/command';

export function useCommand<I, O>(
  make: (api: Api, input$: Observable<I>) => Observable<CommandEvent<I, O>>,
  onDone?: (output: O, input: I) => void,
  onFail?: (e: CommandError) => void,
) {
  const [run, input$] = useObservableCallback<I>();
  const { api } = useRuntime();
  const events$ = useObservable(() => make(api, input$));
  const busy = isPending(useObservableState(events$, null));
  const [error, setError] = useState<CommandError | null>(null);
  const done = useRef(onDone);
  done.current = onDone;
  const failed = useRef(onFail);
  failed.current = onFail;
  useSubscription(events$, (e) => {
    if (e.type === 'pending') setError(null);
    else if (e.type === 'failed') {
      setError(e.error);
      failed.current?.(e.error);
    } else done.current?.(e.output, e.input);
  });
  return { run, busy, error, clear: () => setError(null) };
}
