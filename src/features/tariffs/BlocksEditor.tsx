// Tiered (block) energy rates of a tariff version: up to five tiers, each the month's cumulative
// import it starts at and the adder per kWh paid on top of the time-of-use price. Each rule's
// error sits under its field (charges-draft.ts).
import { Button } from '../../components/Button';
import { useT } from '../../hooks/useT';
import { MAX_TIERS, newBlock, type BlockDraft } from './charges-draft';
import { NumberField, type EditorPart } from './NumberField';
import { textOf } from '../../components/form/useDraftForm';
import { removeAt, replaceAt } from '../../components/form/listEdit';

const TIER_FIELDS = [
  { key: 'from', label: 'tariffs:editor.tierFrom', path: 'fromKwh', decimal: false },
  { key: 'adder', label: 'tariffs:editor.tierAdder', path: 'adderPerKwh', decimal: true },
] as const;

interface Props extends EditorPart {
  blocks: BlockDraft[];
  onChange: (b: BlockDraft[]) => void;
}

export function BlocksEditor({ blocks, onChange, ...part }: Props) {
  const t = useT('tariffs');
  const { readOnly } = part;
  const set = (n: number, b: BlockDraft) => onChange(replaceAt(blocks, n, b));
  return (
    <div className="flex flex-col gap-2" role="group" aria-labelledby="tiers-heading" data-testid="tiers-editor">
      <h4 id="tiers-heading" className="text-xs font-semibold">
        {t('tariffs:editor.tiers')}
      </h4>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('tariffs:editor.tiersHint')}</p>
      {blocks.map((b, n) => (
        <div key={n} role="group" aria-labelledby={`tier-${n}-name`} className="flex items-start gap-3" data-testid="tier-row">
          <span id={`tier-${n}-name`} className="w-16 shrink-0 pt-7 text-xs font-semibold">
            {t('tariffs:editor.tierN', { n: n + 1 })}
          </span>
          {TIER_FIELDS.map((f) => (
            <NumberField
              key={f.key}
              editor={part}
              label={t(f.label, { currency: part.currency })}
              {...textOf(b, (x) => set(n, x))(f.key)}
              decimal={f.decimal}
              path={`charges.blocks.${n}.${f.path}`}
              className="flex-1"
              testId={`tier-${f.key}-${n}`}
            />
          ))}
          {!readOnly ? (
            <Button className="mt-5 shrink-0" onClick={() => onChange(removeAt(blocks, n))} data-testid={`tier-remove-${n}`}>
              {t('tariffs:editor.removeTier')}
            </Button>
          ) : null}
        </div>
      ))}
      {!readOnly && blocks.length < MAX_TIERS && (
        <Button className="self-start" data-testid="tier-add" onClick={() => onChange([...blocks, newBlock(blocks.length === 0)])}>
          {t('tariffs:editor.addTier')}
        </Button>
      )}
    </div>
  );
}
