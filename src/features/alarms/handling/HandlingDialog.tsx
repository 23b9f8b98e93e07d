// The frame the shelve and maintenance dialogs share (their fields in a column, the confirm
// button `<name>-confirm`), their first field, the station the shelf or window is for, and
// their last, the reason.
import type { ReactNode } from 'react';
import { SelectField, TextAreaField } from '../../../components/form/ChoiceFields';
import { FormDialog, type FormDialogProps } from '../../../components/form/FormDialog';
import type { TFn } from '../../../i18n/i18n';

export function HandlingDialog({ name, ...rest }: Omit<FormDialogProps, 'saveTestId' | 'bodyClassName'>) {
  return <FormDialog {...rest} name={name} saveTestId={`${name}-confirm`} bodyClassName="flex flex-col gap-2" />;
}

/** The scope's stations to choose from, "-" until one is chosen; `children`: options before them. */
export function StationField({
  t,
  stations,
  value,
  onChange,
  error,
  testId,
  disabled,
  children,
}: {
  t: TFn;
  stations: readonly { stationId: number; stationName: string }[];
  value: number | null;
  onChange: (stationId: number | null) => void;
  error: string;
  testId: string;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <SelectField
      label={t('alarms:handling.station')}
      testId={testId}
      disabled={disabled}
      value={value ?? ''}
      onChange={(x) => onChange(Number(x) || null)}
      error={error}
      options={stations.map((s) => ({ value: s.stationId, label: s.stationName }))}
    >
      <option value="">-</option>
      {children}
    </SelectField>
  );
}

/** Why the station is shelved or under maintenance (up to 300 characters). */
export function ReasonField({ t, ...rest }: { t: TFn; value: string; onChange: (v: string) => void; error: string; testId: string }) {
  return <TextAreaField label={t('alarms:handling.reason')} maxLength={300} {...rest} />;
}
