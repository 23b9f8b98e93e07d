// Asks before a delete (SPEC §5): nothing is sent until the user confirms.
import { ConfirmQuestion, type ConfirmQuestionProps } from '../../components/ConfirmQuestion';
import { useT } from '../../hooks/useT';

export function ConfirmDialog(props: ConfirmQuestionProps) {
  const t = useT('tariffs');
  return <ConfirmQuestion {...props} cancelLabel={t('tariffs:actions.cancel')} confirmLabel={t('tariffs:actions.confirm')} />;
}
