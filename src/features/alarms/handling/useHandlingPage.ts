// A shelves or maintenance windows page's list (useHandlingList) and its dialog: opening it clears
// the refusal of an earlier save, a successful save or a close shuts it, and what the dialog takes
// from the list comes with whether it is open.
import { useHandlingList } from './useHandlingList';

type Commands<Row extends { stationId: number }, In, Out, Removed> = Omit<Parameters<typeof useHandlingList<Row, In, Out, Removed>>[1], 'onSaved'>;

export function useHandlingPage<Row extends { stationId: number }, In, Out, Removed, Dialog>(
  scope: number,
  commands: Commands<Row, In, Out, Removed>,
  /** the page's dialog state: null while it is shut */
  [dialog, setDialog]: readonly [Dialog | null, (d: Dialog | null) => void],
) {
  const h = useHandlingList(scope, { ...commands, onSaved: () => setDialog(null) });
  const openDialog = (d: Dialog) => {
    h.clearSave();
    setDialog(d);
  };
  /** the dialog's props but its own and `t` (HandlingDialogProps) */
  const frame = { ...h.dialog, open: dialog !== null, onClose: () => setDialog(null) };
  return { h, openDialog, frame };
}
