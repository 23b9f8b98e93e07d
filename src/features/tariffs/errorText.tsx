// An editor error in the reader's language, at the field it concerns.
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';
import type { DraftError, DraftErrorCode } from './draft';

export const ERROR_KEY = {
  nameRequired: 'tariffs:errors.nameRequired',
  templateNameRequired: 'tariffs:errors.templateNameRequired',
  dateRequired: 'tariffs:errors.dateRequired',
  priceRequired: 'tariffs:errors.priceRequired',
  priceFormat: 'tariffs:errors.priceFormat',
  monthsIncomplete: 'tariffs:errors.monthsIncomplete',
  monthsOverlap: 'tariffs:errors.monthsOverlap',
  hoursIncomplete: 'tariffs:errors.hoursIncomplete',
  overlap: 'tariffs:errors.overlap',
  timeError: 'tariffs:errors.timeError',
  pastDate: 'tariffs:errors.pastDate',
  duplicateDate: 'tariffs:errors.duplicateDate',
  duplicateName: 'tariffs:errors.duplicateName',
  notPending: 'tariffs:errors.notPending',
  providerMismatch: 'tariffs:errors.providerMismatch',
  failed: 'tariffs:errors.failed',
  windowInvalid: 'tariffs:errors.windowInvalid',
  periodsRequired: 'tariffs:errors.periodsRequired',
  ratchetPercent: 'tariffs:errors.ratchetPercent',
  ratchetMonths: 'tariffs:errors.ratchetMonths',
  kwhRequired: 'tariffs:errors.kwhRequired',
  kwhFormat: 'tariffs:errors.kwhFormat',
  firstBlockAtZero: 'tariffs:errors.firstBlockAtZero',
  blockOrder: 'tariffs:errors.blockOrder',
  feedNotFound: 'tariffs:errors.feedNotFound',
} as const satisfies Record<DraftErrorCode, TKey>;

export function FieldError({ error, testId }: { error: DraftError | undefined; testId: string }) {
  const t = useT('tariffs');
  return (
    <p role={error ? 'alert' : undefined} data-testid={testId} className="min-h-4 text-xs leading-4 text-red-600 dark:text-red-400">
      {error ? t(ERROR_KEY[error.code], { limit: error.limit ?? '' }) : ''}
    </p>
  );
}
