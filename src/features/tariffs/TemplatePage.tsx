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
import { fromWire, newDraft, toWire, type DraftErrors, type TariffDraft } from './draft';
import { useCommand, useTariffList, useTariffStation } from './hooks';
import { SeasonsView } from './TariffCard';
import { TariffDialog } from './TariffDialog';
import { chargesFromWire, chargesToWire, noCharges } from './charges-draft';
import { TemplateCharges } from './ChargesSummary';

type Editing = { template: TariffTemplate | null; initial: TariffDraft } | null;

export default function TemplatePage() {
  const t = useT('tariffs');
  const st = useTariffStation();
  const { list, reload } = useTariffList(st.providerId, (api, orgId$, reload$) =>
    tariffTemplates$(api, orgId$.pipe(map((orgId) => (orgId ? { orgId } : null))), reload$),
  );
  const [editing, setEditing] = useState<Editing>(null);
  const [errors, setErrors] = useState<DraftErrors | null>(null);
  const [applying, setApplying] = useState<TariffTemplate | null>(null);
  const save = useCommand(saveTemplate$, (e) => {
    if (e.type === 'succeeded') {
      setEditing(null);
      reload();
    } else if (e.type === 'failed') setErrors(saveErrors(e.error, { template: true }));
  });
  const deletion = useDeletion(deleteTemplate$, (x: TariffTemplate) => x.templateId, reload);
  const open = (template: TariffTemplate | null) => {
    setErrors(null);
    setEditing({
      template,
      initial: template
        ? { name: template.name, effectiveDate: '', seasons: fromWire(template.seasons), charges: chargesFromWire(template.charges) }
        : newDraft(''),
    });
  };
  const rows = list.data?.dataList ?? [];

  return (
    <div data-testid="tariff-templates" data-loaded={list.data !== null} className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <h1 className="text-lg font-semibold">{t('tariffs:templates.title')}</h1>
        {st.canEditTariff && (
          <Button variant="primary" className="ml-auto" onClick={() => open(null)} data-testid="template-create">
            {t('tariffs:templates.create')}
          </Button>
        )}
      </div>
      {list.failed && (
        <p role="alert" className="text-sm text-red-600">
          {t('tariffs:config.loadFailed')}
        </p>
      )}
      {list.data && rows.length === 0 && <p className="text-sm text-slate-500">{t('tariffs:templates.empty')}</p>}
      {rows.map((x) => (
        <article
          key={x.templateId}
          data-testid="template-card"
          data-template={x.templateId}
          className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
        >
          <header className="mb-3 flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold" data-testid="template-name">
              {x.name}
            </h3>
            <span className="text-sm text-slate-500">{t('tariffs:templates.slotCount', { count: x.seasons.reduce((n, s) => n + s.slots.length, 0) })}</span>
            {st.canEditTariff && (
              <span className="ml-auto flex gap-2">
                <Button variant="primary" disabled={!st.today} onClick={() => setApplying(x)} data-testid="template-apply">
                  {t('tariffs:templates.apply')}
                </Button>
                <Button onClick={() => open(x)} data-testid="template-edit">
                  {t('tariffs:actions.edit')}
                </Button>
                <Button variant="danger" onClick={() => deletion.ask(x)} data-testid="template-delete">
                  {t('tariffs:actions.delete')}
                </Button>
              </span>
            )}
          </header>
          <SeasonsView seasons={x.seasons} currency={x.currency} />
          <TemplateCharges charges={x.charges} currency={x.currency} />
        </article>
      ))}
      {editing && (
        <TariffDialog
          open
          template
          currency={editing.template?.currency ?? st.currency}
          title={t(editing.template ? 'tariffs:templates.titleEdit' : 'tariffs:templates.titleNew')}
          initial={editing.initial}
          serverErrors={errors}
          pending={save.pending}
          onClose={() => setEditing(null)}
          onSave={(d) =>
            save.run({
              ...(editing.template ? { templateId: editing.template.templateId } : st.providerId ? { orgId: st.providerId } : {}),
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
