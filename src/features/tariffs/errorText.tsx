// An editor error in the reader's language, at the field it concerns.
import { useT } from '../../hooks/useT';
import type { TFn, TKey } from '../../i18n/i18n';
import { FieldError as ShownError } from '../../components/form/Field';
import type { DraftError, DraftErrorCode, DraftErrors } from './draft';

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

const errorText = (t: TFn, e: DraftError | undefined): string | null => (e ? t(ERROR_KEY[e.code], { limit: e.limit ?? '' }) : null);

/** The text of the error at a field path, or null. */
export function useErrorAt(errors: DraftErrors): (path: string) => string | null {
  const t = useT('tariffs');
  return (path) => errorText(t, errors[path]);
}

export function FieldError({ error, testId }: { error: DraftError | undefined; testId: string }) {
  const t = useT('tariffs');
  return <ShownError text={errorText(t, error)} testId={testId} />;
}
