// The report form: a station (site report), start and end dates, granularity, the data items
// (checkboxes), Query and Export; each error at its field.
import { Button } from '../../components/Button';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';
import { REPORT_ITEMS, type FormError, type FormErrors, type ReportForm } from './form';
import { FORM_ERROR_KEY } from './keys';
import { GranularitySelect, ItemChecks } from './formParts';
import { StationSelect } from './StationSelect';

const INPUT = 'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-800';

function ErrorText({ error, testId }: { error: FormError | undefined; testId: string }) {
  const t = useT('reports');
  return (
    <p role={error ? 'alert' : undefined} data-testid={testId} className="min-h-4 text-xs leading-4 text-red-600 dark:text-red-400">
      {error ? t(FORM_ERROR_KEY[error.code], { limit: error.limit ?? '' }) : ''}
    </p>
  );
}

function Field({ label, error, testId, children }: { label: string; error: FormError | undefined; testId: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col">
      <label className="flex items-center gap-1.5 text-sm">
        <span className="text-slate-500">{label}</span>
        {children}
      </label>
      <ErrorText error={error} testId={testId} />
    </div>
  );
}

export interface FormBarProps {
  form: ReportForm;
  setForm: (f: ReportForm) => void;
  errors: FormErrors;
  stations: readonly { stationId: number; stationName: string }[] | null;
  onQuery: () => void;
  onExport: (() => void) | null;
  busy: boolean;
}

const DATE_LABEL_KEY = { from: 'reports:form.from', to: 'reports:form.to' } as const satisfies Record<'from' | 'to', TKey>;

export function FormBar({ form, setForm, errors, stations, onQuery, onExport, busy }: FormBarProps) {
  const t = useT('reports');
  const bad = (e: FormError | undefined) => (e ? 'border-red-500' : '');
  const dateField = (key: 'from' | 'to') => (
    <Field label={t(DATE_LABEL_KEY[key])} error={errors[key]} testId={`error-${key}`}>
      <input
        type="date"
        className={`${INPUT} ${bad(errors[key])}`}
        aria-invalid={!!errors[key]}
        data-testid={`report-${key}`}
        value={form[key]}
        onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      />
    </Field>
  );
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900" data-testid="report-form">
      <div className="flex flex-wrap items-start gap-4">
        {stations && (
          <Field label={t('reports:form.station')} error={errors.stationId} testId="error-stationId">
            <StationSelect
              className={`${INPUT} max-w-64 ${bad(errors.stationId)}`}
              testId="report-station"
              stations={stations}
              value={form.stationId}
              onChange={(stationId) => setForm({ ...form, stationId })}
            />
          </Field>
        )}
        {dateField('from')}
        {dateField('to')}
        <Field label={t('reports:form.granularity')} error={undefined} testId="error-granularity">
          <GranularitySelect testId="report-granularity" className={INPUT} value={form.granularity} onChange={(g) => setForm({ ...form, granularity: g })} />
        </Field>
        <span className="ml-auto flex gap-2">
          <Button variant="primary" data-testid="report-query" onClick={onQuery} disabled={busy}>
            {t('reports:form.query')}
          </Button>
          {onExport && (
            <Button data-testid="report-export" onClick={onExport}>
              {t('reports:form.export')}
            </Button>
          )}
        </span>
      </div>
      <fieldset
        className={`flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md border px-2 py-1 ${errors.items ? 'border-red-500' : 'border-transparent'}`}
        data-testid="report-items"
      >
        <legend className="sr-only">{t('reports:form.items')}</legend>
        <span className="text-sm text-slate-500">{t('reports:form.items')}</span>
        <button
          type="button"
          className="text-xs text-brand-600 hover:underline"
          data-testid="items-all"
          onClick={() => setForm({ ...form, items: REPORT_ITEMS })}
        >
          {t('reports:form.all')}
        </button>
        <button type="button" className="text-xs text-brand-600 hover:underline" data-testid="items-none" onClick={() => setForm({ ...form, items: [] })}>
          {t('reports:form.none')}
        </button>
        <ItemChecks testIdPrefix="item-" labelClass="flex items-center gap-1 text-sm" items={form.items} onChange={(items) => setForm({ ...form, items })} />
      </fieldset>
      <ErrorText error={errors.items} testId="error-items" />
    </div>
  );
}
