// Service-provider selector (SPEC §2, §4): orgType 1 only, on the listed routes; a changed
// choice reloads the main area after 300 ms.
import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { ORG_SWITCH_RELOAD_MS } from '../../../streams/constants';
import { selectOrgList } from '../../../streams/selectors';
import type { Org } from '../../../streams/types';
import { Icon } from '../../components/Icon';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';

export function ProviderSelector({ onReload }: { onReload: () => void }) {
  const t = useT();
  const { store } = useRuntime();
  const orgs = useStoreValue(selectOrgList);
  const current = useStoreValue((s) => s.session.currentOrg);
  const change = (o: Org) => {
    if (o.id === current?.id) return;
    store.dispatch({ type: 'session/orgSelected', org: o });
    setTimeout(onReload, ORG_SWITCH_RELOAD_MS);
  };
  return (
    <Listbox value={current ?? undefined} onChange={change} by="id">
      <div className="relative" data-testid="provider-selector">
        <ListboxButton
          aria-label={t('provider.label')}
          className="inline-flex h-8 min-w-44 items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-2.5 text-sm dark:border-slate-600 dark:bg-slate-800"
        >
          <span className="text-xs text-slate-500">{t('provider.label')}</span>
          <span className="max-w-48 truncate font-medium" data-testid="provider-current">
            {current?.name ?? t('provider.placeholder')}
          </span>
          <Icon name="chevron" className="size-4" />
        </ListboxButton>
        <ListboxOptions
          anchor="bottom end"
          className="z-50 mt-1 max-h-72 w-64 overflow-auto rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-800"
        >
          {orgs.map((o) => (
            <ListboxOption
              key={o.id}
              value={o}
              data-org={o.id}
              className="cursor-pointer rounded px-2 py-1.5 data-focus:bg-slate-100 data-selected:font-semibold data-selected:text-brand-600 dark:data-focus:bg-slate-700"
            >
              {o.name}
            </ListboxOption>
          ))}
          {orgs.length === 0 && <div className="px-2 py-1.5 text-slate-500">{t('noDate')}</div>}
        </ListboxOptions>
      </div>
    </Listbox>
  );
}
