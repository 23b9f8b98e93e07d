// Accessible dialog (Headless UI): focus trap, Escape closes, labelled title.
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

export function Modal({ open, onClose, title, width = 416, children, testId }: {
  open: boolean;
  onClose: () => void;
  title: string;
  width?: number;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          style={{ width }}
          data-testid={testId}
          className="max-w-full rounded-lg bg-white p-5 shadow-xl dark:bg-slate-800"
        >
          <DialogTitle className="mb-4 text-base font-semibold">{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
