// Tariff Configuration (electricityPriceManagement.electricityPriceManagement, SPEC §2/§4): the
// tariff in force and the pending ones of the station; a pending tariff can be edited or deleted
// (after a confirmation), the one in force is read-only. Editing needs `tariff.edit`.
import { useMemo } from 'react';
import { stationQuery } from '../../lib/paths';
import { useT } from '../../hooks/useT';
import { deleteTariff$, saveTariff$, type SaveTariff } from '../../../streams/tariffs/commands';
import { stationTariffs$, type Tariff } from '../../../streams/tariffs/reads';
import { saveErrors } from './commandErrors';
import { useDeletion } from './useDeletion';
import { fromWire, newDraft, toWire, type TariffDraft } from './draft';
import { chargesFromWire, chargesToWire, noCharges } from './charges-draft';
import { useTariffList, useTariffStation } from './hooks';
import { useEditing } from './useEditing';
import { EditDelete, LoadFailed, PageHead, PreviewLink } from './PageParts';
import { TariffCard } from './TariffCard';
import { TariffDialog } from './TariffDialog';

/** What is sent to save a draft: a new tariff, or a change of `record`. */
const toRequest = (stationId: number, record: Tariff | null, d: TariffDraft): SaveTariff => ({
  stationId,
  ...(record ? { tariffId: record.tariffId } : {}),
  name: d.name.trim(),
  effectiveDate: d.effectiveDate,
  seasons: toWire(d),
  charges: chargesToWire(d.charges ?? noCharges()),
});

export default function TariffConfigPage() {
  const t = useT('tariffs');
  const st = useTariffStation();
  const { list, reload } = useTariffList(st.stationId, stationTariffs$);
  const pending = list.data?.pending ?? [];
  const { editing, open, save, dialog } = useEditing(
    saveTariff$,
    reload,
    (e) => {
      const taken = [list.data?.active, ...pending].some((x) => x && x.effectiveDate === e.input.effectiveDate && x.tariffId !== e.input.tariffId);
      return saveErrors(e.error, { sameDateTaken: taken });
    },
    (tariff: Tariff | null): TariffDraft =>
      tariff
        ? { name: tariff.name, effectiveDate: tariff.effectiveDate, seasons: fromWire(tariff.seasons), charges: chargesFromWire(tariff.charges) }
        : newDraft(st.today ?? ''),
  );
  const deletion = useDeletion(deleteTariff$, (x: Tariff) => x.tariffId, reload);
  const query = useMemo(() => (st.stationId && st.providerId ? stationQuery(st.stationId, st.providerId) : {}), [st.stationId, st.providerId]);
  const previewLink = (x: Tariff) => <PreviewLink tariffId={x.tariffId} query={query} />;

  return (
    <div data-testid="tariff-config" data-loaded={list.data !== null} className="flex flex-col gap-4">
      <PageHead
        title={t('tariffs:config.title')}
        create={st.canEditTariff && { label: t('tariffs:actions.create'), testId: 'tariff-create', onClick: () => open(null), disabled: !st.today }}
      />
      <LoadFailed failed={list.failed} />
      <section className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold text-slate-600 dark:text-slate-300">{t('tariffs:config.active')}</h2>
        {list.data?.active ? (
          <TariffCard tariff={list.data.active} actions={previewLink(list.data.active)} />
        ) : (
          list.data && <p className="text-sm text-slate-500">{t('tariffs:config.noActive')}</p>
        )}
        {list.data?.active && <p className="text-xs text-slate-500">{t('tariffs:config.readOnly')}</p>}
      </section>
      <section className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold text-slate-600 dark:text-slate-300">{t('tariffs:config.pending')}</h2>
        {list.data && pending.length === 0 && <p className="text-sm text-slate-500">{t('tariffs:config.noPending')}</p>}
        {pending.map((x) => (
          <TariffCard
            key={x.tariffId}
            tariff={x}
            actions={
              <>
                {previewLink(x)}
                {st.canEditTariff && <EditDelete record="tariff" onEdit={() => open(x)} onDelete={() => deletion.ask(x)} />}
              </>
            }
          />
        ))}
      </section>
      {editing && (
        <TariffDialog
          open
          title={t(editing.record ? 'tariffs:editor.titleEdit' : 'tariffs:editor.titleNew')}
          initial={editing.initial}
          minDate={st.today ?? undefined}
          currency={st.currency}
          {...dialog}
          onSave={(d) => st.stationId && save.run(toRequest(st.stationId, editing.record, d))}
        />
      )}
      {deletion.question(t('tariffs:config.deleteTitle'), (r) => t('tariffs:config.confirmDelete', { name: r?.name ?? '' }))}
    </div>
  );
}
