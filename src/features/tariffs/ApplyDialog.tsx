// Applies a template to one or many stations of its provider with an effective date; each
// station answers on its own (a station with a tariff already on that date says so).
import { useObservable, useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { map } from 'rxjs';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import type { CommandError } from '../../../streams/commands/command';
import { applyTemplate$, type ApplyOutcome } from '../../../streams/tariffs/commands';
import { providerStations$, type TariffTemplate } from '../../../streams/tariffs/reads';
import { saveErrors } from './commandErrors';
import type { DraftErrorCode } from './draft';
import { ERROR_KEY } from './errorText';
import { useCommand } from './hooks';

/** Why one station refused: its field issue, or its conflict (a tariff already on that date). */
const reasonOf = (e: CommandError): { code: DraftErrorCode; limit?: string } => {
  if (e.code === 'notFound') return { code: 'failed' };
  const first = Object.values(saveErrors(e, { sameDateTaken: true }))[0];
  return first ?? { code: 'failed' };
};

export function ApplyDialog({
  template,
  providerId,
  stationId,
  minDate,
  onClose,
}: {
  template: TariffTemplate;
  providerId: number | null;
  stationId: number | null;
  minDate: string;
  onClose: () => void;
}) {
  const t = useT('tariffs');
  const { api } = useRuntime();
  const stations = useObservableState(
    useObservable((in$) => providerStations$(api, in$.pipe(map(([id]) => id))), [providerId]),
    { data: null, failed: false },
  );
  const [chosen, setChosen] = useState<number[]>(stationId ? [stationId] : []);
  const [name, setName] = useState(template.name);
  const [date, setDate] = useState(minDate);
  const [tried, setTried] = useState(false);
  const [results, setResults] = useState<ApplyOutcome[] | null>(null);
  const apply = useCommand(applyTemplate$, (e) => e.type === 'succeeded' && setResults(e.output));
  const list = stations.data?.dataList ?? [];
  const nameOf = (id: number) => list.find((s) => s.stationId === id)?.stationName ?? `#${id}`;
  const problems = { name: name.trim() === '', date: !/^\d{4}-\d{2}-\d{2}$/.test(date), stations: chosen.length === 0 };
  const send = () => {
    setTried(true);
    if (!problems.name && !problems.date && !problems.stations)
      apply.run({ templateId: template.templateId, stationIds: chosen, name: name.trim(), effectiveDate: date });
  };

  return (
    <Modal open onClose={onClose} title={t('tariffs:templates.applyTitle', { name: template.name })} width={640} testId="apply-dialog">
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('tariffs:templates.tariffName')}
          value={name}
          onChange={setName}
          error={tried && problems.name ? t('tariffs:errors.nameRequired') : null}
          testId="apply-name"
        />
        <TextField
          label={t('tariffs:editor.effectiveDate')}
          type="date"
          min={minDate}
          value={date}
          onChange={setDate}
          error={tried && problems.date ? t('tariffs:errors.dateRequired') : null}
          testId="apply-date"
        />
      </div>
      <fieldset className="mb-2">
        <legend className="mb-1 text-xs font-medium text-slate-600 dark:text-slate-400">{t('tariffs:templates.stations')}</legend>
        <div className="grid max-h-48 grid-cols-2 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 dark:border-slate-700">
          {list.map((s) => (
            <label key={s.stationId} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                data-testid="apply-station"
                data-station={s.stationId}
                checked={chosen.includes(s.stationId)}
                onChange={(e) => setChosen((c) => (e.target.checked ? [...c, s.stationId] : c.filter((x) => x !== s.stationId)))}
              />
              <span className="truncate">{s.stationName}</span>
            </label>
          ))}
        </div>
        <p role={tried && problems.stations ? 'alert' : undefined} className="min-h-4 text-xs text-red-600" data-testid="apply-stations-error">
          {tried && problems.stations ? t('tariffs:templates.stationsRequired') : ''}
        </p>
      </fieldset>
      {results && (
        <section data-testid="apply-results">
          <h3 className="mb-1 text-xs font-semibold text-slate-600 dark:text-slate-300">{t('tariffs:templates.result')}</h3>
          <ul className="flex flex-col gap-1 text-sm">
            {results.map((r) => {
              const reason = r.ok ? null : reasonOf(r.error);
              return (
                <li
                  key={r.stationId}
                  data-testid="apply-result"
                  data-station={r.stationId}
                  data-ok={r.ok}
                  className={r.ok ? 'text-emerald-700' : 'text-red-600'}
                >
                  {nameOf(r.stationId)}: {reason ? t(ERROR_KEY[reason.code], { limit: reason.limit ?? '' }) : t('tariffs:templates.created')}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <Button onClick={onClose} data-testid="apply-close">
          {t(results ? 'tariffs:actions.close' : 'tariffs:actions.cancel')}
        </Button>
        <Button variant="primary" disabled={apply.pending} onClick={send} data-testid="apply-send">
          {t('tariffs:templates.apply')}
        </Button>
      </div>
    </Modal>
  );
}
