// A list page's read of its list, re-read on demand, and what the page does to one of its
// records: edit it (or a new one) in the page's dialog, and remove it after asking. A saved edit
// and a removal re-read the list.
import { useObservable, useObservableState } from 'observable-hooks';
import { useState } from 'react';
import type { Observable } from 'rxjs';
import type { Api } from '../../streams/api/client';
import type { CommandEvent } from '../../streams/commands/command';
import { NOTHING, type Loaded } from '../../streams/system/loaded';
import { useRuntime } from '../hooks/runtime';
import { useCommand, useReload } from '../hooks/useCommand';
import { useT } from '../hooks/useT';
import type { TKey } from '../i18n/i18n';
import { ConfirmDialog } from './ConfirmDialog';

/** The list `read` gives (it reads again on each `reload$`), and the function that re-reads it. */
export function useListRead<T>(read: (api: Api, reload$: Observable<void>) => Observable<Loaded<T>>): [Loaded<T>, () => void] {
  const { api } = useRuntime();
  const [reload$, reload] = useReload();
  const list = useObservableState(
    useObservable(() => read(api, reload$)),
    NOTHING,
  );
  return [list, reload];
}

/**
 * The record open in the page's edit dialog ('new' for a new one, null while closed), and the
 * dialog's props: the record it edits, closing, and a save that closes it and calls `saved`.
 */
export function useEditor<R, A extends unknown[]>(saved: (...a: A) => void) {
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const dialog = {
    editing: editing === 'new' ? null : editing,
    onClose: () => setEditing(null),
    onSaved: (...a: A) => {
      setEditing(null);
      saved(...a);
    },
  };
  return { open: editing !== null, edit: setEditing, dialog };
}

/** The record the page asks about removing, and the command that removes it (given `input`) and then calls `done`. */
export function useRemoval<R extends { name: string }, I>(
  command: (api: Api, input$: Observable<I>) => Observable<CommandEvent<I, unknown>>,
  input: (r: R) => I,
  done: () => void,
) {
  const [target, setTarget] = useState<R | null>(null);
  const cmd = useCommand(command, (e) => {
    if (e.type === 'succeeded') {
      setTarget(null);
      done();
    }
  });
  return { target, ask: setTarget, remove: () => target && cmd.run(input(target)), cancel: () => setTarget(null), busy: cmd.pending };
}

/** The texts of a removal's question: its title, the question naming the record ({{name}}), and the confirming button. */
export type RemovalText = Record<'title' | 'question' | 'confirm', TKey>;

/** The question before a removal, open while the page asks about a record. */
/** What RemoveConfirm needs of a useRemoval. */
export interface Removal {
  target: { name: string } | null;
  busy: boolean;
  remove: () => void;
  cancel: () => void;
}

export function RemoveConfirm({ removal, text }: { removal: Removal; text: RemovalText }) {
  const t = useT();
  return (
    <ConfirmDialog
      open={removal.target !== null}
      title={t(text.title)}
      text={t(text.question, { name: removal.target?.name ?? '' })}
      busy={removal.busy}
      onConfirm={removal.remove}
      onCancel={removal.cancel}
      confirmLabel={t(text.confirm)}
    />
  );
}
