// A tariff screen's record in its edit dialog: which record (null: a new one) from what draft, the
// server's errors of the last save, and the save, which closes the dialog and reads the list again.
import { useState } from 'react';
import type { Observable } from 'rxjs';
import type { Api } from '../../../streams/api/client';
import type { CommandEvent } from '../../../streams/commands/command';
import { useCommand } from './hooks';

type Failed<I> = Extract<CommandEvent<I, unknown>, { type: 'failed' }>;

export function useEditing<R, D, E, I, O>(
  command: (api: Api, input$: Observable<I>) => Observable<CommandEvent<I, O>>,
  reload: () => void,
  /** the dialog's errors of a failed save */
  errorsOf: (e: Failed<I>) => E,
  /** the draft a record opens with; null: it cannot be opened now */
  initialOf: (record: R | null) => D | null,
) {
  const [editing, setEditing] = useState<{ record: R | null; initial: D } | null>(null);
  const [errors, setErrors] = useState<E | null>(null);
  const save = useCommand(command, (e) => {
    if (e.type === 'succeeded') {
      setEditing(null);
      reload();
    } else if (e.type === 'failed') setErrors(errorsOf(e));
  });
  const open = (record: R | null) => {
    const initial = initialOf(record);
    if (initial === null) return;
    setErrors(null);
    setEditing({ record, initial });
  };
  /** what every edit dialog takes of it */
  const dialog = { serverErrors: errors, pending: save.pending, onClose: () => setEditing(null) };
  return { editing, open, save, dialog };
}
