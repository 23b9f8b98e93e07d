// The delete flow of a row on a tariff screen (a tariff, a template, a fuel price): the row asked
// about, the delete command, and the question that sends it. The list is read again whatever the
// answer, so a row someone else changed meanwhile shows as it now is.
import { useState } from 'react';
import type { Observable } from 'rxjs';
import type { Api } from '../../../streams/api/client';
import type { CommandEvent } from '../../../streams/commands/command';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useT } from '../../hooks/useT';
import { useCommand } from './hooks';

export function useDeletion<R, I, O>(command: (api: Api, input$: Observable<I>) => Observable<CommandEvent<I, O>>, idOf: (row: R) => I, reload: () => void) {
  const t = useT('tariffs');
  const [deleting, setDeleting] = useState<R | null>(null);
  const remove = useCommand(command, (e) => {
    if (e.type !== 'pending') {
      setDeleting(null);
      reload();
    }
  });
  /** The question; `text` is given the row asked about, null while none is. */
  const question = (title: string, text: (row: R | null) => string) => (
    <ConfirmDialog
      open={deleting !== null}
      title={title}
      text={text(deleting)}
      busy={remove.pending}
      confirmLabel={t('tariffs:actions.confirm')}
      onCancel={() => setDeleting(null)}
      onConfirm={() => deleting && remove.run(idOf(deleting))}
    />
  );
  return { ask: setDeleting, question };
}
