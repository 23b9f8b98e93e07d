// A dialog's save through a command: the dialog's own checks first (what they find is kept to be
// shown at the fields, and nothing is sent while anything is found), then the request. `frame` is
// what the dialog's FormDialog takes from it: a form (Enter saves), busy while the command runs,
// the checked save and the close.
import { useState } from 'react';
import type { Observable } from 'rxjs';
import type { Api } from '../../streams/api/client';
import type { CommandEvent } from '../../streams/commands/command';
import type { TFn, TKey } from '../i18n/i18n';
import { useCommand } from './useCommand';

export function useCheckedSave<I, O, F extends object>(
  make: (api: Api, input$: Observable<I>) => Observable<CommandEvent<I, O>>,
  /** what is wrong with the draft, by field (nothing: it is sent) */
  check: () => F,
  request: () => I,
  { onSaved, onClose }: { onSaved: (output: O) => void; onClose: () => void },
) {
  const [found, setFound] = useState<Partial<F>>({});
  const save = useCommand(make, (e) => e.type === 'succeeded' && onSaved(e.output));
  const onSave = () => {
    const f = check();
    setFound(f);
    if (Object.keys(f).length === 0) save.run(request());
  };
  return {
    found,
    /** the command's last refusal (none while it runs again) */
    failure: save.last?.type === 'failed' ? save.last.error : null,
    frame: { busy: save.pending, onClose, onSave, submit: true },
  };
}

/** A field's message: the dialog's own finding, else the server's issue, in the reader's words. */
export const fieldMessage = (t: TFn, own: TKey | undefined, server: TKey | null | undefined): string | null => {
  const key = own ?? server;
  return key ? t(key) : null;
};
