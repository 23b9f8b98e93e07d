// A station's descriptive fields and its contracted capacity (kVA), the base of a tariff's
// capacity charge. The form's rules are the server's (protocol/actions/stations.ts updateStation);
// its refusals show at their fields too, and only the fields that changed are sent.
import { CARD_TYPES } from '../../../../protocol/codes';
import { FormDialog } from '../../../components/form/FormDialog';
import { useDraftDialog, type DraftDialogProps } from '../../../components/form/useDraftForm';
import { SelectField } from '../../../components/form/ChoiceFields';
import { TextField, type TextFieldProps } from '../../../components/TextField';
import { useT } from '../../../hooks/useT';
import type { TFn, TKey } from '../../../i18n/i18n';
import type { CommandError } from '../../../../streams/commands/command';
import type { UpdateStation } from '../../../../streams/station/edit';
import { choicesOf } from '../../../i18n/codeKeys';

export interface StationDraft {
  stationName: string;
  address: string;
  voltageLevel: string;
  operationDate: string;
  cardType: number;
  capacityKva: string;
}
type Field = keyof StationDraft;
type Issue = 'required' | 'tooLong' | 'date' | 'cardType' | 'capacity';
type Found = { issue: Issue; limit?: number | string };

export const CARD_TYPE_KEYS = {
  [CARD_TYPES.live]: 'station:overview.details.cardTypes.live',
  [CARD_TYPES.tariff]: 'station:overview.details.cardTypes.tariff',
  [CARD_TYPES.lastMonth]: 'station:overview.details.cardTypes.lastMonth',
} as const satisfies Record<number, TKey>;

const LABEL_KEYS = {
  stationName: 'station:overview.details.stationName',
  address: 'station:overview.details.address',
  voltageLevel: 'station:overview.details.voltageLevel',
  operationDate: 'station:overview.details.operationDate',
  capacityKva: 'station:overview.details.capacityKva',
} as const satisfies Partial<Record<Field, TKey>>;

const ISSUE_KEYS = {
  required: 'station:overview.details.errors.required',
  tooLong: 'station:overview.details.errors.tooLong',
  date: 'station:overview.details.errors.date',
  cardType: 'station:overview.details.errors.cardType',
  capacity: 'station:overview.details.errors.capacity',
} as const satisfies Record<Issue, TKey>;

const TEXT_MAX = { stationName: 100, address: 300, voltageLevel: 20 } as const;
const CAPACITY = /^\d+(\.\d{1,2})?$/;
const validDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** The form's own rules, the same as the server's. */
export const checkStation = (d: StationDraft): Partial<Record<Field, Found>> => {
  const out: Partial<Record<Field, Found>> = {};
  for (const f of ['stationName', 'address', 'voltageLevel'] as const) {
    const v = d[f].trim();
    if (!v) out[f] = { issue: 'required' };
    else if (v.length > TEXT_MAX[f]) out[f] = { issue: 'tooLong', limit: TEXT_MAX[f] };
  }
  if (!validDate(d.operationDate)) out.operationDate = { issue: 'date' };
  if (!Object.values(CARD_TYPES).includes(d.cardType as never)) out.cardType = { issue: 'cardType' };
  const c = d.capacityKva.trim();
  if (c && !(CAPACITY.test(c) && Number(c) <= 10_000_000)) out.capacityKva = { issue: 'capacity' };
  return out;
};

/** The fields that changed (an emptied capacity is sent as 0, which clears it). */
export const toRequest = (stationId: number, before: StationDraft, d: StationDraft): UpdateStation => {
  const out: UpdateStation = { stationId };
  for (const f of ['stationName', 'address', 'voltageLevel', 'operationDate'] as const) if (d[f].trim() !== before[f]) out[f] = d[f].trim();
  if (d.cardType !== before.cardType) out.cardType = d.cardType;
  const cap = d.capacityKva.trim() ? Number(d.capacityKva) : 0;
  if (cap !== (before.capacityKva ? Number(before.capacityKva) : 0)) out.capacityKva = cap;
  return out;
};

/** A server issue as the form's own (its path names the field). */
const serverIssue = (f: Field, issue: string, limit?: number | string): Found => {
  if (f === 'operationDate') return { issue: 'date' };
  if (f === 'cardType') return { issue: 'cardType' };
  if (f === 'capacityKva') return { issue: 'capacity' };
  return issue === 'tooBig' ? { issue: 'tooLong', limit: limit ?? TEXT_MAX[f] } : { issue: 'required' };
};

const issueText = (t: TFn, x: Found | undefined): string | null => (x ? t(ISSUE_KEYS[x.issue], { limit: x.limit ?? '' }) : null);

const formErrorText = (t: TFn, e: CommandError | null): string | null => {
  if (!e || e.fields.length) return null;
  return t(e.code === 'forbidden' ? 'station:overview.details.errors.forbidden' : 'station:overview.details.errors.failed');
};

export function StationEditDialog({ serverError, ...props }: DraftDialogProps<StationDraft> & { serverError: CommandError | null }) {
  const t = useT('station');
  const { draft: d, setDraft: setD, shown: local, text: bind, frame } = useDraftDialog(props, checkStation);
  const error = (f: Field) => {
    if (local[f]) return issueText(t, local[f]);
    const s = serverError?.fields.find((x) => x.path === f);
    return s ? issueText(t, serverIssue(f, s.issue, s.limit)) : null;
  };
  const formError = formErrorText(t, serverError);
  const text = (f: Exclude<Field, 'cardType'>, testId: string, more: Partial<TextFieldProps> = {}) => (
    <TextField label={t(LABEL_KEYS[f])} type="text" {...bind(f)} error={error(f)} testId={testId} {...more} />
  );
  return (
    <FormDialog
      {...frame}
      title={t('station:overview.details.dialogTitle')}
      name="station-edit"
      saveLabel={t('station:overview.details.save')}
      error={formError}
      errorTestId="station-edit-error"
      bodyClassName="grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">{text('stationName', 'station-edit-name')}</div>
      <div className="sm:col-span-2">{text('address', 'station-edit-address')}</div>
      {text('voltageLevel', 'station-edit-voltage')}
      {text('operationDate', 'station-edit-date', { type: 'date' })}
      <SelectField
        label={t('station:overview.details.cardType')}
        testId="station-edit-card"
        value={d.cardType}
        onChange={(c) => setD({ ...d, cardType: Number(c) })}
        error={error('cardType')}
        options={choicesOf(Object.values(CARD_TYPES), CARD_TYPE_KEYS, t)}
      />
      {text('capacityKva', 'station-edit-capacity', { inputMode: 'decimal', hint: t('station:overview.details.capacityHelp') })}
    </FormDialog>
  );
}
