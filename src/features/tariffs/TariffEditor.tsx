// The fields of a tariff or a template: name, effective date (tariffs only), its seasons, and a
// tariff version's demand, capacity and fixed charges.
// Months are complete when every month is held by exactly one season (SPEC §5).
import { useMemo } from 'react';
import { TextField } from '../../components/TextField';
import { textOf } from '../../components/form/useDraftForm';
import { Button } from '../../components/Button';
import { useT } from '../../hooks/useT';
import { newSlot, type DraftErrors, type SeasonDraft, type TariffDraft } from './draft';
import { FieldError, useErrorAt } from './errorText';
import { SeasonEditor } from './SeasonEditor';
import { ChargesEditor } from './ChargesEditor';
import { useCurrencyName } from './currency';
import { removeAt, replaceAt } from '../../components/form/listEdit';

export interface TariffEditorProps {
  draft: TariffDraft;
  onChange: (d: TariffDraft) => void;
  errors: DraftErrors;
  template?: boolean;
  readOnly?: boolean;
  /** earliest effective date (the station's today) */
  minDate?: string;
  /** the prices' currency (ISO 4217: the station's or template's provider's), null until known */
  currency: string | null;
}

export function TariffEditor({ draft, onChange, errors, template = false, readOnly = false, minDate, currency }: TariffEditorProps) {
  const t = useT('tariffs');
  const currencyName = useCurrencyName(currency);
  const holder = useMemo(() => {
    const m = new Map<number, number>();
    draft.seasons.forEach((s, i) => s.months.forEach((x) => m.has(x) || m.set(x, i)));
    return m;
  }, [draft.seasons]);
  const setSeason = (i: number, s: SeasonDraft) => onChange({ ...draft, seasons: replaceAt(draft.seasons, i, s) });
  const takeMonth = (to: number, month: number) =>
    onChange({
      ...draft,
      seasons: draft.seasons.map((s, j) =>
        j === to ? { ...s, months: [...s.months, month].sort((a, b) => a - b) } : { ...s, months: s.months.filter((x) => x !== month) },
      ),
    });
  const err = useErrorAt(errors);
  const text = textOf(draft, onChange);
  const part = { errors, readOnly, currency: currencyName };
  return (
    <div className="flex flex-col gap-3" data-testid="tariff-editor">
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t(template ? 'tariffs:editor.templateName' : 'tariffs:editor.name')}
          {...text('name')}
          error={err('name')}
          readOnly={readOnly}
          maxLength={100}
          testId="tariff-name"
        />
        {!template && (
          <TextField
            label={t('tariffs:editor.effectiveDate')}
            type="date"
            {...text('effectiveDate')}
            min={minDate}
            error={err('effectiveDate')}
            readOnly={readOnly}
            testId="tariff-date"
          />
        )}
      </div>
      <FieldError error={errors.seasons} testId="months-error" />
      {draft.seasons.map((s, i) => (
        <SeasonEditor
          key={i}
          {...part}
          season={s}
          index={i}
          holder={holder}
          onChange={(next) => setSeason(i, next)}
          onTakeMonth={(m) => takeMonth(i, m)}
          onRemove={draft.seasons.length > 1 ? () => onChange({ ...draft, seasons: removeAt(draft.seasons, i) }) : undefined}
        />
      ))}
      {!readOnly && draft.seasons.length < 12 && (
        <Button
          className="self-start"
          data-testid="season-add"
          onClick={() => onChange({ ...draft, seasons: [...draft.seasons, { months: [], slots: newSlot() }] })}
        >
          {t('tariffs:editor.addSeason')}
        </Button>
      )}
      {draft.charges && <ChargesEditor {...part} charges={draft.charges} onChange={(charges) => onChange({ ...draft, charges })} />}
      {errors.form && <FieldError error={errors.form} testId="form-error" />}
    </div>
  );
}
