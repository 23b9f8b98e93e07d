// Create or edit a strategy (SPEC §3): every field required with its prompt (SPEC §5), the
// limits' order checked before sending, the station's equipment bounds from the server at their
// fields, and the predicted next 24 hours under this draft against the strategy in force.
import { useObservable, useObservableState } from 'observable-hooks';
import { useEffect, useRef, useState } from 'react';
import { map } from 'rxjs';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { useRuntime } from '../../hooks/runtime';
import { useRevealError } from '../../hooks/useRevealError';
import { useT } from '../../hooks/useT';
import { predictedDay$, type PredictRequest } from '../../../streams/strategies/reads';
import { checkDraft, fieldsOf, toRequest, type DraftErrors, type StrategyDraft } from './draft';
import { PeriodEditor } from './PeriodEditor';
import { PredictChart } from './PredictChart';
import { FIELD_KEY, SUPPLY_PRIORITY_KEY, errorText } from './texts';

interface Props {
  stationId: number;
  initial: StrategyDraft;
  serverErrors: DraftErrors | null;
  essPowerKw: number | null;
  busy: boolean;
  onSave: (d: StrategyDraft) => void;
  onCancel: () => void;
}

export function StrategyForm({ stationId, initial, serverErrors, essPowerKw, busy, onSave, onCancel }: Props) {
  const t = useT('modes');
  const { api } = useRuntime();
  const [d, setD] = useState(initial);
  const [local, setLocal] = useState<DraftErrors>({});
  const [predict, setPredict] = useState<PredictRequest | null>(null);
  // the server's answer stands until the user changes the draft again
  const [answered, setAnswered] = useState<DraftErrors | null>(null);
  const errors: DraftErrors = { ...(serverErrors && serverErrors !== answered ? serverErrors : {}), ...local };
  const edit = (f: (x: StrategyDraft) => StrategyDraft) => {
    setAnswered(serverErrors);
    setD(f);
  };
  const prediction = useObservableState(
    useObservable((in$) => predictedDay$(api, in$.pipe(map(([p]) => p))), [predict]),
    { data: null, failed: false },
  );

  // a refusal (the server's, or the checks before sending) is scrolled to and its field focused
  const body = useRef<HTMLDivElement>(null);
  const reveal = useRevealError(body);
  useEffect(() => {
    if (serverErrors) reveal();
  }, [serverErrors, reveal]);

  const submit = () => {
    const e = checkDraft(d);
    setLocal(e);
    reveal();
    if (Object.keys(e).length === 0) onSave(d);
  };
  const runPrediction = () => {
    const e = checkDraft({ ...d, name: d.name || '-' });
    setLocal(e);
    if (Object.keys(e).length > 0) return;
    const r = toRequest(d, stationId);
    setPredict({ stationId, draft: { kind: r.kind, params: r.params } as PredictRequest['draft'] });
  };
  const text = (name: keyof typeof FIELD_KEY, type = 'text') => (
    <TextField
      key={name}
      label={t(FIELD_KEY[name])}
      type={type}
      testId={`field-${name}`}
      error={errorText(t, errors[name], FIELD_KEY[name])}
      value={name === 'name' || name === 'startDate' || name === 'endDate' ? d[name] : (d.values[name as keyof StrategyDraft['values']] ?? '')}
      inputMode={type === 'text' && name !== 'name' ? 'decimal' : undefined}
      onChange={(v) =>
        edit((x) => (name === 'name' || name === 'startDate' || name === 'endDate' ? { ...x, [name]: v } : { ...x, values: { ...x.values, [name]: v } }))
      }
    />
  );
  return (
    <Modal open onClose={onCancel} title={t(d.strategyId ? 'modes:form.editTitle' : 'modes:form.createTitle')} width={880} testId="strategy-form">
      <div ref={body} className="flex max-h-[70vh] min-w-0 flex-col gap-3 overflow-y-auto overflow-x-hidden pr-1">
        {d.strategyId && <p className="text-xs text-amber-700 dark:text-amber-400">{t('modes:form.editResets')}</p>}
        {errors.stationId && (
          <p role="alert" className="text-sm text-red-600">
            {errorText(t, errors.stationId)}
          </p>
        )}
        <div className="grid grid-cols-3 gap-x-3">
          {text('name')}
          {text('startDate', 'date')}
          {text('endDate', 'date')}
        </div>
        <div className="grid grid-cols-3 gap-x-3">{fieldsOf(d.kind).map((f) => text(f))}</div>
        {d.kind === 'peakShaving' && (
          <>
            <fieldset className="flex items-center gap-4 text-sm" data-testid="field-supplyPriority">
              <legend className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-400">{t('modes:form.supplyPriority')}</legend>
              {(['pv', 'storage'] as const).map((p) => (
                <label key={p} className="flex items-center gap-1.5">
                  <input type="radio" name="supplyPriority" checked={d.supplyPriority === p} onChange={() => edit((x) => ({ ...x, supplyPriority: p }))} />
                  {t(SUPPLY_PRIORITY_KEY[p])}
                </label>
              ))}
              {errors.supplyPriority && (
                <span role="alert" data-testid="field-supplyPriority-error" className="text-xs text-red-600">
                  {errorText(t, errors.supplyPriority, FIELD_KEY.supplyPriority)}
                </span>
              )}
            </fieldset>
            {essPowerKw !== null && <p className="text-xs text-slate-500">{t('modes:form.converter', { kw: essPowerKw })}</p>}
            <PeriodEditor periods={d.periods} errors={errors} onChange={(periods) => edit((x) => ({ ...x, periods }))} />
          </>
        )}
        {prediction.failed && (
          <p role="alert" className="text-sm text-red-600">
            {t('modes:predict.failed')}
          </p>
        )}
        {prediction.data && predict && <PredictChart day={prediction.data} />}
      </div>
      <div className="mt-4 flex shrink-0 justify-end gap-2">
        <Button onClick={runPrediction} data-testid="strategy-predict">
          {t('modes:actions.predict')}
        </Button>
        <Button onClick={onCancel} data-testid="strategy-cancel">
          {t('modes:actions.cancel')}
        </Button>
        <Button variant="primary" disabled={busy} onClick={submit} data-testid="strategy-save">
          {t('modes:actions.save')}
        </Button>
      </div>
    </Modal>
  );
}
