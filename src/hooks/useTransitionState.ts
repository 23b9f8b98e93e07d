// The latest value of an observable, rendered as a transition: React renders it in slices of a
// few milliseconds and yields to the browser between them, so a list re-read during an alarm storm
// (a thousand rows, forty of them mounted) never holds the main thread for one long task. Urgent
// state (what the user types, a dialog) stays ordinary state and is never held behind it.
import { useSubscription } from 'observable-hooks';
import { startTransition, useState } from 'react';
import type { Observable } from 'rxjs';

export function useTransitionState<T>(input$: Observable<T>, initial: T): T {
  const [value, setValue] = useState(initial);
  useSubscription(input$, (v) => startTransition(() => setValue(() => v)));
  return value;
}
