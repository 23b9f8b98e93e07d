// Tiered (block) energy rates of a tariff version: up to five tiers, each the month's cumulative
// import it starts at and the adder per kWh paid on top of the time-of-use price. Each rule's
// error sits under its field (charges-draft.ts).
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useT } from '../../hooks/useT';
import { MAX_TIERS, newBlock, type BlockDraft } from './charges-draft';
import type { DraftErrors } from './draft';
import { useErrorAt } from './errorText';
import { textOf } from '../../components/form/useDraftForm';
import { removeAt, replaceAt } from '../../components/form/listEdit';

interface Props {
  blocks: BlockDraft[];
  onChange: (b: BlockDraft[]) => void;
  errors: DraftErrors;
  readOnly: boolean;
  currency: string;
}

export function BlocksEditor({ blocks, onChange, errors, readOnly, currency }: Props) {
  const t = useT('tariffs');
  const err = useErrorAt(errors);
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
          <TextField
            label={t('tariffs:editor.tierFrom')}
            {...textOf(b, (x) => set(n, x))('from')}
            inputMode="numeric"
            readOnly={readOnly}
            error={err(`charges.blocks.${n}.fromKwh`)}
            className="flex-1"
            testId={`tier-from-${n}`}
          />
          <TextField
            label={t('tariffs:editor.tierAdder', { currency })}
            {...textOf(b, (x) => set(n, x))('adder')}
            inputMode="decimal"
            readOnly={readOnly}
            error={err(`charges.blocks.${n}.adderPerKwh`)}
            className="flex-1"
            testId={`tier-adder-${n}`}
          />
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
