// The "enabled" tick box of a notification rule or an on-call schedule, beside the name in the
// dialog's first row (an off one is kept but tells no one).
import { CheckField } from '../form/ChoiceFields';
import { useT } from '../../hooks/useT';

export function EnabledField({ value, onChange, testId }: { value: boolean; onChange: (on: boolean) => void; testId: string }) {
  const t = useT('notifications');
  return <CheckField className="self-center text-sm" label={t('notifications:field.enabled')} checked={value} onChange={onChange} testId={testId} />;
}
