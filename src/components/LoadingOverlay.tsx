// SPEC §2: loading overlay 'Loading....' on a translucent white background.
export function LoadingOverlay({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading"
      className="fixed inset-0 z-40 flex items-center justify-center bg-white/70 dark:bg-slate-900/60"
    >
      <div className="flex items-center gap-3 text-sm font-medium text-slate-700 dark:text-slate-200">
        <span className="size-5 animate-spin rounded-full border-2 border-brand-500 border-t-transparent" aria-hidden="true" />
        {text}
      </div>
    </div>
  );
}
