// One season of a tariff: its execution months as chips (a month held by another season shows
// that season's number and moves here on a click), its slots on the 24-hour line, and each slot
// as fields under the line.
import { useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { selectLanguage } from '../../../streams/selectors';
import { DayTimeline } from '../../widgets/day-timeline/DayTimeline';
import { removeSlot } from '../../widgets/day-timeline/slots';
import { ALL_MONTHS, type DraftErrors, type SeasonDraft } from './draft';
import { FieldError } from './errorText';
import { PERIOD_KEY, colorOf, monthName } from './periods';
import { SlotRow } from './SlotRow';

export interface SeasonEditorProps {
  season: SeasonDraft;
  index: number;
  /** the season holding each month (other seasons included) */
  holder: ReadonlyMap<number, number>;
  errors: DraftErrors;
  readOnly: boolean;
  onChange: (season: SeasonDraft) => void;
  /** take `month` away from the season holding it and give it to this one */
  onTakeMonth: (month: number) => void;
  onRemove?: () => void;
  /** the prices' currency as the reader's language names it */
  currency: string;
}

export function SeasonEditor({ season, index, holder, errors, readOnly, onChange, onTakeMonth, onRemove, currency }: SeasonEditorProps) {
  const t = useT('tariffs');
  const lang = useStoreValue(selectLanguage);
  const path = `seasons.${index}`;
  const toggle = (m: number) => {
    const owner = holder.get(m);
    if (owner === index) onChange({ ...season, months: season.months.filter((x) => x !== m) });
    else if (owner === undefined) onChange({ ...season, months: [...season.months, m].sort((a, b) => a - b) });
    else onTakeMonth(m);
  };
  return (
    <section data-testid="season" data-season={index} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <div className="mb-2 flex items-center justify-between">
        <h3 className="text-sm font-semibold">{t('tariffs:editor.season', { n: index + 1 })}</h3>
        {!readOnly && onRemove && (
          <button type="button" onClick={onRemove} data-testid="season-remove" className="text-xs text-slate-500 hover:text-red-600">
            {t('tariffs:editor.removeSeason')}
          </button>
        )}
      </div>
      <div role="group" aria-label={t('tariffs:editor.months')} className="flex flex-wrap gap-1">
        {ALL_MONTHS.map((m) => {
          const owner = holder.get(m);
          const mine = owner === index;
          return (
            <button
              key={m}
              type="button"
              disabled={readOnly}
              aria-pressed={mine}
              data-testid="month-chip"
              data-month={m}
              onClick={() => toggle(m)}
              className={`h-7 min-w-12 rounded-full border px-2 text-xs ${
                mine
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : owner === undefined
                    ? 'border-dashed border-red-400 text-slate-600 dark:text-slate-300'
                    : 'border-slate-300 text-slate-400 dark:border-slate-600'
              }`}
            >
              {monthName(m, lang)}
              {owner !== undefined && !mine ? <sup className="ml-0.5">{owner + 1}</sup> : null}
            </button>
          );
        })}
      </div>
      <FieldError error={errors[`${path}.months`]} testId="season-months-error" />
      <p className="mb-1 text-xs text-slate-500">{readOnly ? t('tariffs:editor.slots') : t('tariffs:editor.hint')}</p>
      <DayTimeline
        slots={season.slots}
        onChange={readOnly ? undefined : (slots) => onChange({ ...season, slots })}
        readOnly={readOnly}
        colorOf={colorOf}
        labelOf={(k) => (k in PERIOD_KEY ? t(PERIOD_KEY[k as keyof typeof PERIOD_KEY]) : k)}
        label={`${t('tariffs:editor.slots')} ${index + 1}`}
        boundaryLabel={t('tariffs:editor.boundary')}
        splitLabel={t('tariffs:editor.split')}
        testId="timeline"
      />
      <FieldError error={errors[`${path}.slots`]} testId="season-slots-error" />
      <div className="flex flex-col gap-1">
        {season.slots.map((slot, m) => (
          <SlotRow
            key={m}
            slot={slot}
            index={m}
            path={`${path}.slots.${m}`}
            errors={errors}
            readOnly={readOnly}
            canRemove={season.slots.length > 1}
            currency={currency}
            onChange={(next) => onChange({ ...season, slots: season.slots.map((s, i) => (i === m ? next : s)) })}
            onRemove={() => onChange({ ...season, slots: removeSlot(season.slots, m) })}
          />
        ))}
      </div>
    </section>
  );
}
