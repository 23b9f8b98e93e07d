// Charge / discharge periods of a peak-shaving strategy on the 24-hour timeline: a click on a band
// splits it, a boundary drags; each period's mode and power in a row below, with its errors.
import { DayTimeline } from '../../widgets/day-timeline/DayTimeline';
import { removeSlot, toHhmm } from '../../widgets/day-timeline/slots';
import { OptionSelect } from '../../components/OptionSelect';
import { useT } from '../../hooks/useT';
import type { TKey } from '../../i18n/i18n';
import type { DraftErrors, PeriodDraft, PeriodMode } from './draft';
import { errorText } from './texts';

// dark enough that a band's white label reads at 4.5:1 or more (docs/accessibility.md)
export const PERIOD_COLORS: Record<PeriodMode, string> = { charge: '#047857', discharge: '#b45309', idle: '#55657c' };
const MODES: PeriodMode[] = ['charge', 'discharge', 'idle'];
const MODE_KEY = { charge: 'modes:form.charge', discharge: 'modes:form.discharge', idle: 'modes:form.idle' } as const satisfies Record<PeriodMode, TKey>;
const isMode = (k: string): k is PeriodMode => k in MODE_KEY;

export function PeriodEditor({
  periods,
  errors,
  onChange,
  readOnly,
}: {
  periods: PeriodDraft[];
  errors: DraftErrors;
  onChange: (p: PeriodDraft[]) => void;
  readOnly?: boolean;
}) {
  const t = useT('modes');
  const label = (k: string) => (isMode(k) ? t(MODE_KEY[k]) : k);
  const set = (i: number, patch: Partial<PeriodDraft>) => onChange(periods.map((p, k) => (k === i ? { ...p, ...patch } : p)));
  const modeOptions = MODES.map((m) => ({ value: m, label: label(m) }));
  const sorted = periods.map((p, i) => ({ p, i })).sort((a, b) => a.p.start - b.p.start);
  return (
    <div className="flex flex-col gap-2" data-testid="period-editor">
      <span className="text-xs font-medium text-slate-600 dark:text-slate-400">{t('modes:form.periods')}</span>
      <DayTimeline
        slots={periods}
        onChange={readOnly ? undefined : onChange}
        readOnly={readOnly}
        colorOf={(k) => (isMode(k) ? PERIOD_COLORS[k] : '#55657c')}
        labelOf={label}
        label={t('modes:form.periodLine')}
        boundaryLabel={t('modes:form.boundary')}
        splitLabel={t('modes:form.split')}
        testId="period-timeline"
      />
      {errors.periods && (
        <p role="alert" className="text-xs text-red-600">
          {errorText(t, errors.periods)}
        </p>
      )}
      <table className="w-full table-fixed text-left text-sm">
        <colgroup>
          <col className="w-20" />
          <col className="w-24" />
          <col className="w-32" />
          <col />
          <col className="w-20" />
        </colgroup>
        <thead className="text-xs text-slate-500">
          <tr>
            <th className="font-normal">{t('modes:form.start')}</th>
            <th className="font-normal">{t('modes:form.end')}</th>
            <th className="font-normal">{t('modes:form.mode')}</th>
            <th className="font-normal">{t('modes:form.powerKw')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {sorted.map(({ p, i }, k) => {
            const powerErr = errorText(t, errors[`periods.${i}.power`]);
            const timeErr = errorText(t, errors[`periods.${i}.start`] ?? errors[`periods.${i}.end`]);
            // every row's controls are named with its hours: "Mode 08:00-18:00", not one "Mode" per row
            const hours = `${toHhmm(p.start)}-${toHhmm(p.end)}`;
            return (
              <tr key={`${p.start}-${i}`} data-testid="period-row" className="align-top">
                <td className="pt-1.5 tabular-nums">{toHhmm(p.start)}</td>
                <td className="pt-1.5 tabular-nums">
                  {toHhmm(p.end)}
                  {timeErr && (
                    <span role="alert" className="block text-xs text-red-600">
                      {timeErr}
                    </span>
                  )}
                </td>
                <td className="py-0.5">
                  <OptionSelect
                    aria-label={`${t('modes:form.mode')} ${hours}`}
                    testId="period-mode"
                    value={p.kind}
                    disabled={readOnly}
                    options={modeOptions}
                    onChange={(v) => set(i, { kind: v as PeriodMode, power: v === 'idle' ? '0' : p.power })}
                    className="h-8 w-28 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
                  />
                </td>
                <td className="py-0.5">
                  <input
                    aria-label={`${t('modes:form.powerKw')} ${hours}`}
                    value={p.power}
                    disabled={readOnly || p.kind === 'idle'}
                    inputMode="decimal"
                    data-testid="period-power"
                    onChange={(e) => set(i, { power: e.target.value })}
                    aria-invalid={!!powerErr}
                    className={`h-8 w-28 rounded-md border bg-white px-2 dark:bg-slate-900 ${powerErr ? 'border-red-500' : 'border-slate-300 dark:border-slate-600'}`}
                  />
                  {powerErr && (
                    <p role="alert" data-testid="period-power-error" className="text-xs text-red-600">
                      {powerErr}
                    </p>
                  )}
                </td>
                <td>
                  {!readOnly && periods.length > 1 && (
                    <button
                      type="button"
                      aria-label={`${t('modes:actions.remove')} ${hours}`}
                      className="h-8 px-2 text-xs text-slate-500 hover:text-red-600"
                      onClick={() => onChange(removeSlot(periods, k))}
                    >
                      {t('modes:actions.remove')}
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
