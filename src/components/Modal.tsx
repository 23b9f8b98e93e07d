// Accessible dialog (Headless UI): focus trap, Escape closes, labelled title.
// `height` fixes the panel's height (a body that grows, like a tariff's slots, then scrolls
// inside it instead of growing the panel and moving it under the pointer); the panel never
// scrolls sideways: a body wider than the panel is a layout defect, not something to scroll to.
// On a phone (below 640 px) the panel is a sheet as wide as the window at its foot, where the
// thumb is; index.css gives its controls a finger's height there.
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

export function Modal({
  open,
  onClose,
  title,
  width = 416,
  height,
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  width?: number;
  /** a fixed height (CSS length); the dialog's own body scrolls within it */
  height?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center pt-6 sm:items-center sm:p-4">
        <DialogPanel
          style={{ width, height }}
          data-testid={testId}
          data-dialog
          className="flex max-h-full max-w-full min-w-0 flex-col overflow-x-hidden rounded-t-xl bg-white p-4 shadow-xl sm:rounded-lg sm:p-5 dark:bg-slate-800"
        >
          <DialogTitle className="mb-4 shrink-0 text-base font-semibold">{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
