// A service provider's currency on its detail page, and for the platform's administrators the
// place to set it (the server refuses anyone else: a provider may not relabel its own money).
// Setting it renames the unit of every money figure of the provider; no amount is converted.
import { useState } from 'react';
import { currencyCode, currencyLabel } from '../../../protocol/currency';
import { setProviderCurrency$ } from '../../../streams/monitor/currency';
import { selectIsRootOrg, selectPermissions } from '../../../streams/selectors';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useCommand } from '../../hooks/useCommand';
import { useMoneyLang } from '../../hooks/useMoneyLang';
import { useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';

export function ProviderCurrency({ orgId, currency, onChanged }: { orgId: number; currency: string; onChanged: () => void }) {
  const t = useT('monitor');
  const lang = useMoneyLang();
  const root = useStoreValue(selectIsRootOrg);
  const permissions = useStoreValue(selectPermissions);
  const canSet = root && permissions.has('system.account.edit');
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useCommand(setProviderCurrency$, (e) => {
    if (e.type === 'succeeded') {
      setDraft(null);
      onChanged();
    } else if (e.type === 'failed') setError(t(e.error.code === 'validationFailed' ? 'monitor:currency.invalid' : 'monitor:currency.failed'));
  });
  const name = currencyLabel(currency, lang);
  const change = () => {
    setError(null);
    setDraft(currency);
  };
  const submit = () => {
    if (draft === null) return;
    if (!currencyCode.safeParse(draft).success) return setError(t('monitor:currency.invalid'));
    setError(null);
    save.run({ orgId, currency: draft });
  };
  return (
    <section
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
      data-testid="provider-currency"
    >
      <div>
        <div className="text-xs text-slate-500">{t('monitor:currency.label')}</div>
        <div className="text-lg font-semibold" data-testid="provider-currency-value" data-value={currency}>
          {name === currency ? currency : `${name} (${currency})`}
        </div>
      </div>
      {canSet && draft === null && (
        <Button onClick={change} data-testid="provider-currency-change">
          {t('monitor:currency.change')}
        </Button>
      )}
      {canSet && draft !== null && (
        <>
          <TextField
            label={t('monitor:currency.code')}
            value={draft}
            maxLength={3}
            autoCapitalize="characters"
            onChange={(v) => setDraft(v.trim().toUpperCase())}
            onKeyDown={(e) => e.key === 'Enter' && submit()}
            error={error}
            testId="provider-currency-input"
            className="w-40"
          />
          <div className="flex gap-2 pb-5">
            <Button variant="primary" disabled={save.pending} onClick={submit} data-testid="provider-currency-save">
              {t('monitor:currency.save')}
            </Button>
            <Button onClick={() => setDraft(null)} data-testid="provider-currency-cancel">
              {t('monitor:currency.cancel')}
            </Button>
          </div>
        </>
      )}
      <p className="basis-full text-xs text-slate-500">{t('monitor:currency.hint')}</p>
    </section>
  );
}
