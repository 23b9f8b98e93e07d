// The frame of an editing dialog: its title, a body that scrolls inside the dialog (the buttons
// stay in view under it), the message of a refusal no field holds, and Cancel / Save. While a
// save is under way both buttons are off and the dialog does not close: closing then would
// leave the answer to a dialog no longer there.
import type { ReactNode, Ref } from 'react';
import { useT } from '../../hooks/useT';
import { Button } from '../Button';
import { Modal } from '../Modal';

export interface FormDialogProps {
  open?: boolean;
  title: string;
  /** 560 (px) when not given: the width most forms fit, two fields a row */
  width?: number;
  /** a fixed height (CSS length); see Modal */
  height?: string;
  /** the test ids' stem: `<name>-dialog`, `-save`, `-cancel`, `-refused` */
  name: string;
  busy: boolean;
  onClose: () => void;
  onSave: () => void;
  /** a form: Enter in a field saves too */
  submit?: boolean;
  /** Confirm when not given */
  saveLabel?: string;
  /** when not `<name>-save` */
  saveTestId?: string;
  /** what went wrong that no field says (shown above the buttons) */
  error?: string | null;
  /** when not `<name>-refused` */
  errorTestId?: string;
  /** the body's own layout (grid, gaps, a height limit) */
  bodyClassName?: string;
  bodyRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}

export function FormDialog({
  open = true,
  title,
  width = 560,
  height,
  name,
  busy,
  onClose,
  onSave,
  submit = false,
  saveLabel,
  saveTestId = `${name}-save`,
  error,
  errorTestId = `${name}-refused`,
  bodyClassName = '',
  bodyRef,
  children,
}: FormDialogProps) {
  const t = useT();
  const body = (
    <>
      {/* a 4 px band inside the scroller on every side (the negative margin keeps the fields where
          they were): the focus ring of a field or button at its edge is not cut by the overflow */}
      <div ref={bodyRef} className={`-mx-1 -mt-1 min-h-0 flex-1 overflow-x-hidden overflow-y-auto pt-1 pr-2 pb-1 pl-1 ${bodyClassName}`}>
        {children}
      </div>
      {error && (
        <p role="alert" data-testid={errorTestId} className="mt-2 shrink-0 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="mt-3 flex shrink-0 justify-end gap-2">
        <Button onClick={onClose} disabled={busy} data-testid={`${name}-cancel`}>
          {t('app.cancel')}
        </Button>
        <Button type={submit ? 'submit' : 'button'} onClick={submit ? undefined : onSave} variant="primary" disabled={busy} data-testid={saveTestId}>
          {saveLabel ?? t('app.confirm')}
        </Button>
      </div>
    </>
  );
  const frame = 'flex min-h-0 flex-1 flex-col';
  return (
    <Modal open={open} onClose={() => !busy && onClose()} title={title} width={width} height={height} testId={`${name}-dialog`}>
      {submit ? (
        <form
          noValidate
          className={frame}
          onSubmit={(e) => {
            e.preventDefault();
            onSave();
          }}
        >
          {body}
        </form>
      ) : (
        <div className={frame}>{body}</div>
      )}
    </Modal>
  );
}
