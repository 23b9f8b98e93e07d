// The state of a dialog that edits a draft and checks it on save: the draft, what the checks
// found (shown only once a save was tried, and again after every change: a field is not wrong
// while it is first filled in), the save that sends only a clean draft, and a text field's
// value and change.
import { useCallback, useState } from 'react';

/** A dialog editing a draft for its screen, which sends it and says how that went. */
export interface DraftDialogProps<D> {
  initial: D;
  pending: boolean;
  onSave: (d: D) => void;
  onClose: () => void;
}

type TextKey<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D];

export function useDraftForm<D, F extends object>(initial: D, check: (d: D) => F, onSave: (d: D) => void) {
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const found = check(draft);
  const reset = useCallback((d: D) => {
    setDraft(d);
    setTried(false);
  }, []);
  return {
    draft,
    setDraft,
    /** the checks' findings once a save was tried (none before) */
    shown: tried ? found : ({} as F),
    save: () => {
      setTried(true);
      if (Object.keys(found).length === 0) onSave(draft);
    },
    /** back to a draft not tried yet (a dialog opened again) */
    reset,
    text: (k: TextKey<D>) => ({ value: draft[k] as string, onChange: (v: string) => setDraft({ ...draft, [k]: v }) }),
  };
}
