// Tariff Configuration (electricityPriceManagement.electricityPriceManagement, SPEC §2/§4): the
// tariff in force and the pending ones of the station; a pending tariff can be edited or deleted
// (after a confirmation), the one in force is read-only. Editing needs `tariff.edit`.
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { href, stationQuery } from '../../lib/paths';
import { Button } from '../../components/Button';
import { useT } from '../../hooks/useT';
import { deleteTariff$, saveTariff$ } from '../../../streams/tariffs/commands';
import { stationTariffs$, type Tariff } from '../../../streams/tariffs/reads';
import { saveErrors } from './commandErrors';
import { useDeletion } from './useDeletion';
import { fromWire, newDraft, toWire, type DraftErrors, type TariffDraft } from './draft';
import { chargesFromWire, chargesToWire, noCharges } from './charges-draft';
import { useCommand, useTariffList, useTariffStation } from './hooks';
import { TariffCard } from './TariffCard';
import { TariffDialog } from './TariffDialog';

type Editing = { tariff: Tariff | null; initial: TariffDraft } | null;

export default function TariffConfigPage() {
  const t = useT('tariffs');
  const st = useTariffStation();
  const { list, reload } = useTariffList(st.stationId, stationTariffs$);
  const [editing, setEditing] = useState<Editing>(null);
  const [errors, setErrors] = useState<DraftErrors | null>(null);
  const pending = list.data?.pending ?? [];

  const save = useCommand(saveTariff$, (e) => {
    if (e.type === 'succeeded') {
      setEditing(null);
      reload();
    } else if (e.type === 'failed') {
      const taken = [list.data?.active, ...pending].some((x) => x && x.effectiveDate === e.input.effectiveDate && x.tariffId !== e.input.tariffId);
      setErrors(saveErrors(e.error, { sameDateTaken: taken }));
    }
  });
  const deletion = useDeletion(deleteTariff$, (x: Tariff) => x.tariffId, reload);
  const open = useCallback(
    (tariff: Tariff | null) => {
      setErrors(null);
      setEditing({
        tariff,
        initial: tariff
          ? { name: tariff.name, effectiveDate: tariff.effectiveDate, seasons: fromWire(tariff.seasons), charges: chargesFromWire(tariff.charges) }
          : newDraft(st.today ?? ''),
      });
    },
    [st.today],
  );
  const query = useMemo(() => (st.stationId && st.providerId ? stationQuery(st.stationId, st.providerId) : {}), [st.stationId, st.providerId]);
  const previewLink = (x: Tariff) => (
    <Link
      href={href('electricityPriceManagement.preview', { ...query, tariffId: x.tariffId })}
      data-testid="tariff-preview"
      className="inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-brand-700 hover:bg-slate-100 dark:text-brand-500 dark:hover:bg-slate-800"
    >
      {t('tariffs:actions.preview')}
    </Link>
  );

  return (
    <div data-testid="tariff-config" data-loaded={list.data !== null} className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <h1 className="text-lg font-semibold">{t('tariffs:config.title')}</h1>
        {st.canEditTariff && (
          <Button variant="primary" className="ml-auto" disabled={!st.today} onClick={() => open(null)} data-testid="tariff-create">
            {t('tariffs:actions.create')}
          </Button>
        )}
      </div>
      {list.failed && (
        <p role="alert" className="text-sm text-red-600">
          {t('tariffs:config.loadFailed')}
        </p>
      )}
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
                {st.canEditTariff && (
                  <Button onClick={() => open(x)} data-testid="tariff-edit">
                    {t('tariffs:actions.edit')}
                  </Button>
                )}
                {st.canEditTariff && (
                  <Button variant="danger" onClick={() => deletion.ask(x)} data-testid="tariff-delete">
                    {t('tariffs:actions.delete')}
                  </Button>
                )}
              </>
            }
          />
        ))}
      </section>
      {editing && (
        <TariffDialog
          open
          title={t(editing.tariff ? 'tariffs:editor.titleEdit' : 'tariffs:editor.titleNew')}
          initial={editing.initial}
          minDate={st.today ?? undefined}
          currency={st.currency}
          serverErrors={errors}
          pending={save.pending}
          onClose={() => setEditing(null)}
          onSave={(d) =>
            st.stationId &&
            save.run({
              stationId: st.stationId,
              ...(editing.tariff ? { tariffId: editing.tariff.tariffId } : {}),
              name: d.name.trim(),
              effectiveDate: d.effectiveDate,
              seasons: toWire(d),
              charges: chargesToWire(d.charges ?? noCharges()),
            })
          }
        />
      )}
      {deletion.question(t('tariffs:config.deleteTitle'), (r) => t('tariffs:config.confirmDelete', { name: r?.name ?? '' }))}
    </div>
  );
}
