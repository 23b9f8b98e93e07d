// The analytics toolbar: scope (all the provider's stations or one), period and its dates in the
// stations' local days, comparison, and the export of what the screen shows.
import { COMPARES, customRangeValid, PERIODS, type AnalysisForm, type Period } from '../../../streams/analysis/form';
import type { StationOption } from '../../../streams/analysis/analysis';
import { Button } from '../../components/Button';
import { OptionSelect } from '../../components/OptionSelect';
import { useT } from '../../hooks/useT';
import { COMPARE_KEY, PERIOD_KEY } from './keys';
import { choicesOf } from '../../i18n/codeKeys';

const INPUT = 'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-800';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <label className="flex items-center gap-1.5 text-sm">
      <span className="text-slate-500">{label}</span>
      {children}
    </label>
  );
}

/** The date inputs of a period: a day, a month, a year or a range. */
function PeriodDates({ form, set }: { form: AnalysisForm; set: (f: AnalysisForm) => void }) {
  const t = useT('analysis');
  const year = Number(form.date.slice(0, 4));
  const thisYear = new Date().getFullYear();
  if (form.period === 'day' || form.period === 'month') {
    const month = form.period === 'month';
    return (
      <input
        type={month ? 'month' : 'date'}
        className={INPUT}
        data-testid={month ? 'analysis-month' : 'analysis-date'}
        aria-label={t('analysis:toolbar.date')}
        value={month ? form.date.slice(0, 7) : form.date}
        onChange={(e) => e.target.value && set({ ...form, date: month ? `${e.target.value}-01` : e.target.value })}
      />
    );
  }
  if (form.period === 'year')
    return (
      <select
        className={INPUT}
        data-testid="analysis-year"
        aria-label={t('analysis:toolbar.date')}
        value={year}
        onChange={(e) => set({ ...form, date: `${e.target.value}-01-01` })}
      >
        {Array.from({ length: 10 }, (_, i) => thisYear - i).map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
    );
  const bad = !customRangeValid(form.date, form.to);
  return (
    <span className="flex items-center gap-1.5">
      <Field label={t('analysis:toolbar.from')}>
        <input
          type="date"
          className={INPUT}
          data-testid="analysis-from"
          value={form.date}
          onChange={(e) => e.target.value && set({ ...form, date: e.target.value })}
        />
      </Field>
      <Field label={t('analysis:toolbar.to')}>
        <input
          type="date"
          className={`${INPUT} ${bad ? 'border-red-500' : ''}`}
          aria-invalid={bad}
          data-testid="analysis-to"
          value={form.to}
          onChange={(e) => e.target.value && set({ ...form, to: e.target.value })}
        />
      </Field>
    </span>
  );
}

export interface ToolbarProps {
  form: AnalysisForm;
  setForm: (f: AnalysisForm) => void;
  stations: readonly StationOption[];
  onExport: () => void;
  /** the same view as a workbook (the server writes it) */
  onExportXlsx: () => void;
  canExport: boolean;
  /** a workbook is being written */
  exporting: boolean;
}

export function Toolbar({ form, setForm, stations, onExport, onExportXlsx, canExport, exporting }: ToolbarProps) {
  const t = useT('analysis');
  const picked =
    form.stationId !== null && !stations.some((s) => s.stationId === form.stationId) ? [{ stationId: form.stationId, stationName: `#${form.stationId}` }] : [];
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="analysis-toolbar">
      <Field label={t('analysis:toolbar.scope')}>
        <select
          className={`${INPUT} max-w-64`}
          data-testid="analysis-station"
          value={form.stationId ?? ''}
          onChange={(e) => setForm({ ...form, stationId: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">{t('analysis:toolbar.allStations')}</option>
          {[...picked, ...stations].map((s) => (
            <option key={s.stationId} value={s.stationId}>
              {s.stationName}
            </option>
          ))}
        </select>
      </Field>
      <div
        role="radiogroup"
        aria-label={t('analysis:toolbar.period')}
        className="inline-flex overflow-hidden rounded-md border border-slate-300 dark:border-slate-600"
      >
        {PERIODS.map((p: Period) => (
          <button
            key={p}
            type="button"
            role="radio"
            aria-checked={form.period === p}
            data-testid={`period-${p}`}
            onClick={() => setForm({ ...form, period: p, to: p === 'custom' && form.to < form.date ? form.date : form.to })}
            className={`h-8 px-3 text-sm ${form.period === p ? 'bg-brand-600 text-white' : 'bg-white hover:bg-slate-50 dark:bg-slate-800 dark:hover:bg-slate-700'}`}
          >
            {t(PERIOD_KEY[p])}
          </button>
        ))}
      </div>
      <PeriodDates form={form} set={setForm} />
      <Field label={t('analysis:toolbar.compare')}>
        <OptionSelect
          className={INPUT}
          testId="analysis-compare"
          value={form.compare}
          options={choicesOf(COMPARES, COMPARE_KEY, t)}
          onChange={(v) => setForm({ ...form, compare: COMPARES.find((c) => c === v) ?? 'none' })}
        />
      </Field>
      <span className="ml-auto flex gap-2">
        <Button data-testid="analysis-export" onClick={onExport} disabled={!canExport}>
          {t('analysis:toolbar.exportCsv')}
        </Button>
        <Button data-testid="analysis-export-xlsx" onClick={onExportXlsx} disabled={!canExport || exporting} aria-busy={exporting}>
          {t('analysis:toolbar.exportXlsx')}
        </Button>
      </span>
    </div>
  );
}
