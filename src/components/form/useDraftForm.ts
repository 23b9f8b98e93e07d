// The state of a dialog that edits a draft and checks it on save: the draft, what the checks
// found (shown only once a save was tried, and again after every change: a field is not wrong
// while it is first filled in), the save that sends only a clean draft, and a text field's
// value and change. A dialog taking DraftDialogProps gets the same from useDraftDialog, with what
// its FormDialog takes from those props.
import { useCallback, useState } from 'react';

/** A dialog editing a draft for its screen, which sends it and says how that went. */
export interface DraftDialogProps<D> {
  initial: D;
  pending: boolean;
  onSave: (d: D) => void;
  onClose: () => void;
}

type TextKey<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D];

/** A text field's value and change, for one of the text fields of `value`. */
export const textOf =
  <D>(value: D, onChange: (d: D) => void) =>
  (k: TextKey<D>) => ({ value: value[k] as string, onChange: (v: string) => onChange({ ...value, [k]: v }) });

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
    text: textOf(draft, setDraft),
  };
}

/** useDraftForm for a dialog given DraftDialogProps; `frame` is what its FormDialog takes from
 *  them: busy while the save is under way, the close, and the checked save. */
export function useDraftDialog<D, F extends object>({ initial, pending, onSave, onClose }: DraftDialogProps<D>, check: (d: D) => F) {
  const form = useDraftForm(initial, check, onSave);
  return { ...form, frame: { busy: pending, onClose, onSave: form.save } };
}
