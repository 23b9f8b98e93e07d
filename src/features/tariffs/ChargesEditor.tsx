// The monthly parts of a tariff version beside its energy prices: demand charges (price per kW,
// window, optionally only some time-of-use periods, an optional ratchet), the capacity price per
// kVA and the fixed fee. Each rule's error sits under its field (charges-draft.ts).
import { PERIODS } from '../../../protocol/codes';
import { Button } from '../../components/Button';
import { useT } from '../../hooks/useT';
import { BlocksEditor } from './BlocksEditor';
import { FeedChoice } from './FeedChoice';
import { useFeeds } from './feedNames';
import { newDemand, type ChargesDraft, type DemandDraft, type DemandWindow } from './charges-draft';
import { FieldError } from './errorText';
import { NumberField, type EditorPart } from './NumberField';
import { SelectField } from '../../components/form/ChoiceFields';
import { textOf } from '../../components/form/useDraftForm';
import { PERIOD_KEY } from './periods';
import { removeAt, replaceAt } from '../../components/form/listEdit';

const WINDOWS: DemandWindow[] = [15, 30, 60];

const RATCHET_FIELDS = [
  { key: 'ratchetPercent', label: 'tariffs:editor.ratchetPercent', path: 'ratchet.percent', testId: 'demand-ratchet-percent' },
  { key: 'ratchetMonths', label: 'tariffs:editor.ratchetMonths', path: 'ratchet.months', testId: 'demand-ratchet-months' },
] as const;

const MONTHLY_FIELDS = [
  { key: 'capacity', label: 'tariffs:editor.capacityPrice', path: 'charges.capacityPricePerKva', testId: 'capacity-price' },
  { key: 'fixed', label: 'tariffs:editor.fixedFee', path: 'charges.fixedMonthlyFee', testId: 'fixed-fee' },
] as const;

interface Props extends EditorPart {
  charges: ChargesDraft;
  onChange: (c: ChargesDraft) => void;
}

interface DemandRowProps extends EditorPart {
  d: DemandDraft;
  n: number;
  onChange: (d: DemandDraft) => void;
  onRemove: () => void;
}

function DemandRow({ d, n, onChange, onRemove, ...part }: DemandRowProps) {
  const t = useT('tariffs');
  const { errors, readOnly } = part;
  const at = `charges.demand.${n}`;
  const text = textOf(d, onChange);
  const togglePeriod = (p: (typeof PERIODS)[number]) => {
    const now = d.periods ?? [];
    onChange({ ...d, periods: now.includes(p) ? now.filter((x) => x !== p) : PERIODS.filter((x) => x === p || now.includes(x)) });
  };
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700" data-testid="demand-row">
      <legend className="px-1 text-xs font-semibold">{t('tariffs:editor.demandN', { n: n + 1 })}</legend>
      <div className="grid grid-cols-4 items-start gap-3">
        <NumberField
          editor={part}
          label={t('tariffs:editor.demandPrice', { currency: part.currency })}
          {...text('price')}
          decimal
          path={`${at}.pricePerKw`}
          testId={`demand-price-${n}`}
        />
        <SelectField
          label={t('tariffs:editor.demandWindow')}
          value={d.window}
          disabled={readOnly}
          testId={`demand-window-${n}`}
          onChange={(w) => onChange({ ...d, window: Number(w) as DemandWindow })}
          options={WINDOWS.map((w) => ({ value: w, label: t('tariffs:editor.windowMinutes', { n: w }) }))}
        />
        {RATCHET_FIELDS.map((f) => (
          <NumberField key={f.key} editor={part} label={t(f.label)} {...text(f.key)} path={`${at}.${f.path}`} testId={`${f.testId}-${n}`} />
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <label className="flex items-center gap-1.5">
          <input
            type="checkbox"
            checked={d.periods !== null}
            disabled={readOnly}
            data-testid={`demand-only-${n}`}
            onChange={(e) => onChange({ ...d, periods: e.target.checked ? ['peak'] : null })}
          />
          {t('tariffs:editor.onlyPeriods')}
        </label>
        {d.periods !== null &&
          PERIODS.map((p) => (
            <label key={p} className="flex items-center gap-1">
              <input type="checkbox" checked={d.periods!.includes(p)} disabled={readOnly} onChange={() => togglePeriod(p)} />
              {t(PERIOD_KEY[p])}
            </label>
          ))}
        {!readOnly && (
          <Button className="ml-auto" onClick={onRemove} data-testid={`demand-remove-${n}`}>
            {t('tariffs:editor.removeDemand')}
          </Button>
        )}
      </div>
      <FieldError error={errors[`${at}.periods`]} testId={`demand-periods-error-${n}`} />
    </fieldset>
  );
}

export function ChargesEditor({ charges: c, onChange, ...part }: Props) {
  const feeds = useFeeds();
  const t = useT('tariffs');
  const text = textOf(c, onChange);
  const setDemand = (n: number, d: DemandDraft) => onChange({ ...c, demand: replaceAt(c.demand, n, d) });
  return (
    <section
      className="flex flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-700"
      aria-labelledby="charges-heading"
      data-testid="charges-editor"
    >
      <h3 id="charges-heading" className="text-sm font-semibold">
        {t('tariffs:editor.charges')}
      </h3>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('tariffs:editor.chargesHint')}</p>
      {c.demand.map((d, n) => (
        <DemandRow key={n} {...part} d={d} n={n} onChange={(x) => setDemand(n, x)} onRemove={() => onChange({ ...c, demand: removeAt(c.demand, n) })} />
      ))}
      {!part.readOnly && c.demand.length < 4 && (
        <Button className="self-start" data-testid="demand-add" onClick={() => onChange({ ...c, demand: [...c.demand, newDemand()] })}>
          {t('tariffs:editor.addDemand')}
        </Button>
      )}
      <div className="grid grid-cols-2 gap-3">
        {MONTHLY_FIELDS.map((f) => (
          <NumberField key={f.key} editor={part} label={t(f.label, { currency: part.currency })} {...text(f.key)} decimal path={f.path} testId={f.testId} />
        ))}
      </div>
      <BlocksEditor {...part} blocks={c.blocks} onChange={(blocks) => onChange({ ...c, blocks })} />
      <FeedChoice feedId={c.feedId} feeds={feeds} errors={part.errors} readOnly={part.readOnly} onChange={(feedId) => onChange({ ...c, feedId })} />
    </section>
  );
}
