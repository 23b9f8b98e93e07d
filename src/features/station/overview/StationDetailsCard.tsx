// The station's descriptive fields and contracted capacity (kVA, the base of a tariff's capacity
// charge) as queryStationInfoById answers them; an account with station.edit edits them here.
// A save is read back by the overview, the station bar and the station list (streams/station/edit).
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { useCommand } from '../../../hooks/useCommand';
import { useRuntime } from '../../../hooks/runtime';
import { useT } from '../../../hooks/useT';
import type { CommandError } from '../../../../streams/commands/command';
import { stationSaved, updateStation$ } from '../../../../streams/station/edit';
import type { StationInfo } from '../../../../streams/station/info';
import { CARD_TYPE_KEYS, StationEditDialog, toRequest, type StationDraft } from './StationEditDialog';

const kva = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const draftOf = (s: StationInfo): StationDraft => ({
  stationName: s.stationName,
  address: s.address,
  voltageLevel: s.voltageLevel,
  operationDate: s.operationDate,
  cardType: s.cardType,
  capacityKva: s.capacityKva === null ? '' : String(s.capacityKva),
});

export function StationDetailsCard({ info, canEdit }: { info: StationInfo | null; canEdit: boolean }) {
  const t = useT('station');
  const { api, store } = useRuntime();
  const [editing, setEditing] = useState<StationDraft | null>(null);
  const [error, setError] = useState<CommandError | null>(null);
  const save = useCommand(updateStation$, (e) => {
    if (e.type === 'failed') setError(e.error);
    if (e.type === 'succeeded') {
      setEditing(null);
      stationSaved(api, store, e.input);
    }
  });
  const cardKey = info ? CARD_TYPE_KEYS[info.cardType as keyof typeof CARD_TYPE_KEYS] : undefined;
  const rows = info
    ? [
        ['name', t('station:overview.details.stationName'), info.stationName],
        ['address', t('station:overview.details.address'), info.address],
        ['voltage', t('station:overview.details.voltageLevel'), info.voltageLevel],
        ['date', t('station:overview.details.operationDate'), info.operationDate],
        ['card', t('station:overview.details.cardType'), cardKey ? t(cardKey) : '-'],
        [
          'capacity',
          t('station:overview.details.capacityKva'),
          info.capacityKva === null ? t('station:overview.details.capacityNone') : `${kva.format(info.capacityKva)} kVA`,
        ],
      ]
    : [];
  return (
    <section data-testid="ov-details" className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t('station:overview.details.title')}</h3>
        {canEdit && info && (
          <Button
            onClick={() => {
              setError(null);
              setEditing(draftOf(info));
            }}
            data-testid="station-edit-open"
          >
            {t('station:overview.details.edit')}
          </Button>
        )}
      </div>
      {info ? (
        <dl className="grid grid-cols-[repeat(auto-fill,minmax(200px,1fr))] gap-x-4 gap-y-2">
          {rows.map(([id, label, value]) => (
            <div key={id} className="min-w-0" data-testid={`ov-details-${id}`}>
              <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
              <dd className="text-sm font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-slate-500">{t('station:common.loading')}</p>
      )}
      {editing && info && (
        <StationEditDialog
          initial={editing}
          serverError={error}
          pending={save.pending}
          onSave={(d) => {
            const req = toRequest(info.stationId, editing, d);
            if (Object.keys(req).length > 1) save.run(req);
            else setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}
