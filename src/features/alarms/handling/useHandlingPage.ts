// A shelves or maintenance windows page's list (useHandlingList) and the opening of its dialog,
// which clears the refusal of an earlier save; a successful save closes the dialog.
import { useHandlingList } from './useHandlingList';

type Commands<Row extends { stationId: number }, In, Out, Removed> = Omit<Parameters<typeof useHandlingList<Row, In, Out, Removed>>[1], 'onSaved'>;

export function useHandlingPage<Row extends { stationId: number }, In, Out, Removed, Dialog>(
  scope: number,
  commands: Commands<Row, In, Out, Removed>,
  /** the page's dialog state: null closes it */
  setDialog: (d: Dialog | null) => void,
) {
  const h = useHandlingList(scope, { ...commands, onSaved: () => setDialog(null) });
  const openDialog = (d: Dialog) => {
    h.clearSave();
    setDialog(d);
  };
  return { h, openDialog };
}
