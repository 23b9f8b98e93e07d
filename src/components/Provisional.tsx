// The mark of an open period's figures (a month not over, a report or analysis reaching today):
// they still change until the period ends, so a reader must not take them as final.
import { useT } from '../hooks/useT';

/** A small "Provisional" / 暂估 tag, its explanation on hover. */
export function ProvisionalBadge({ testId = 'provisional' }: { testId?: string }) {
  const t = useT();
  return (
    <span
      title={t('provisional.note')}
      data-testid={testId}
      className="ml-1.5 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-900/40 dark:text-amber-200"
    >
      {t('provisional.badge')}
    </span>
  );
}

/** The sentence above an open period's figures. */
export function ProvisionalNote({ bill = false, testId = 'provisional-note' }: { bill?: boolean; testId?: string }) {
  const t = useT();
  return (
    <p
      role="note"
      data-testid={testId}
      className="rounded-md border border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
    >
      {t(bill ? 'provisional.bill' : 'provisional.note')}
    </p>
  );
}
