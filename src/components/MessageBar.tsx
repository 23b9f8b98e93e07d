// SPEC §3 message bar: error or success, top centre; the store hides it after 2 s.
export function MessageBar({ show, type, text }: { show: boolean; type: 'error' | 'success'; text: string }) {
  if (!show || !text) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-[60] flex justify-center">
      <div
        role={type === 'error' ? 'alert' : 'status'}
        data-testid="message-bar"
        data-type={type}
        className={`pointer-events-auto max-w-xl rounded-md border px-4 py-2 text-sm shadow-md ${
          type === 'error'
            ? 'border-red-200 bg-red-50 text-red-700 dark:border-red-800 dark:bg-red-950 dark:text-red-200'
            : 'border-emerald-200 bg-emerald-50 text-emerald-700 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
        }`}
      >
        {text}
      </div>
    </div>
  );
}
