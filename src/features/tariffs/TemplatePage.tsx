// Tariff Template (electricityPriceManagement.priceTemlate): the provider's templates; create,
// edit and delete them (name required, the tariff's season rules, and the same charges as a
// version: demand, capacity, fixed fee, tiers, a price feed), and apply one to stations.
import { useState } from 'react';
import { map } from 'rxjs';
import { addDateDays } from '../../../protocol/site-time';
import { Button } from '../../components/Button';
import { useT } from '../../hooks/useT';
import { deleteTemplate$, saveTemplate$ } from '../../../streams/tariffs/commands';
import { tariffTemplates$, type TariffTemplate } from '../../../streams/tariffs/reads';
import { ApplyDialog } from './ApplyDialog';
import { saveErrors } from './commandErrors';
import { useDeletion } from './useDeletion';
import { fromWire, newDraft, toWire, type TariffDraft } from './draft';
import { useTariffList, useTariffStation } from './hooks';
import { useEditing } from './useEditing';
import { EditDelete, LoadFailed, PageHead } from './PageParts';
import { RecordCard, SeasonsView } from './TariffCard';
import { TariffDialog } from './TariffDialog';
import { chargesFromWire, chargesToWire, noCharges } from './charges-draft';
import { TemplateCharges } from './ChargesSummary';

export default function TemplatePage() {
  const t = useT('tariffs');
  const st = useTariffStation();
  const { list, reload } = useTariffList(st.providerId, (api, orgId$, reload$) =>
    tariffTemplates$(api, orgId$.pipe(map((orgId) => (orgId ? { orgId } : null))), reload$),
  );
  const [applying, setApplying] = useState<TariffTemplate | null>(null);
  const { editing, open, save, dialog } = useEditing(
    saveTemplate$,
    reload,
    (e) => saveErrors(e.error, { template: true }),
    (template: TariffTemplate | null): TariffDraft =>
      template ? { name: template.name, effectiveDate: '', seasons: fromWire(template.seasons), charges: chargesFromWire(template.charges) } : newDraft(''),
  );
  const deletion = useDeletion(deleteTemplate$, (x: TariffTemplate) => x.templateId, reload);
  const rows = list.data?.dataList ?? [];

  return (
    <div data-testid="tariff-templates" data-loaded={list.data !== null} className="flex flex-col gap-4">
      <PageHead
        title={t('tariffs:templates.title')}
        create={st.canEditTariff && { label: t('tariffs:templates.create'), testId: 'template-create', onClick: () => open(null) }}
      />
      <LoadFailed failed={list.failed} />
      {list.data && rows.length === 0 && <p className="text-sm text-slate-500">{t('tariffs:templates.empty')}</p>}
      {rows.map((x) => (
        <RecordCard
          key={x.templateId}
          testId="template-card"
          nameTestId="template-name"
          name={x.name}
          data={{ 'data-template': x.templateId }}
          head={
            <>
              <span className="text-sm text-slate-500">{t('tariffs:templates.slotCount', { count: x.seasons.reduce((n, s) => n + s.slots.length, 0) })}</span>
              {st.canEditTariff && (
                <span className="ml-auto flex gap-2">
                  <Button variant="primary" disabled={!st.today} onClick={() => setApplying(x)} data-testid="template-apply">
                    {t('tariffs:templates.apply')}
                  </Button>
                  <EditDelete record="template" onEdit={() => open(x)} onDelete={() => deletion.ask(x)} />
                </span>
              )}
            </>
          }
        >
          <SeasonsView seasons={x.seasons} currency={x.currency} />
          <TemplateCharges charges={x.charges} currency={x.currency} />
        </RecordCard>
      ))}
      {editing && (
        <TariffDialog
          open
          template
          currency={editing.record?.currency ?? st.currency}
          title={t(editing.record ? 'tariffs:templates.titleEdit' : 'tariffs:templates.titleNew')}
          initial={editing.initial}
          {...dialog}
          onSave={(d) =>
            save.run({
              ...(editing.record ? { templateId: editing.record.templateId } : st.providerId ? { orgId: st.providerId } : {}),
              name: d.name.trim(),
              seasons: toWire(d),
              charges: chargesToWire(d.charges ?? noCharges()),
            })
          }
        />
      )}
      {applying && st.today && (
        <ApplyDialog
          template={applying}
          providerId={st.providerId}
          stationId={st.stationId}
          minDate={addDateDays(st.today, 1)}
          onClose={() => setApplying(null)}
        />
      )}
      {deletion.question(t('tariffs:templates.deleteTitle'), (r) => t('tariffs:templates.confirmDelete', { name: r?.name ?? '' }))}
    </div>
  );
}
