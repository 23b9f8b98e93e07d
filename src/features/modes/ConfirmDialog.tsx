// Asks before a mode switch or a delete (SPEC §4/§5): nothing is sent until the user confirms.
import { ConfirmQuestion, type ConfirmQuestionProps } from '../../components/ConfirmQuestion';
import { useT } from '../../hooks/useT';

export function ConfirmDialog(props: ConfirmQuestionProps) {
  const t = useT('modes');
  return <ConfirmQuestion {...props} cancelLabel={t('modes:actions.cancel')} confirmLabel={t('modes:actions.confirm')} />;
}
