// API tokens (account.apiTokens, from the user menu): the reader's own tokens, or for an account
// administrator those of the accounts it manages; create one (its secret shown once, with a copy
// button) and revoke. docs/integrations.md says how an integration uses one.
import { useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { BehaviorSubject } from 'rxjs';
import { apiTokens$, revokeApiToken$, type ApiToken, type TokenView } from '../../../streams/system/api-tokens';
import { Button } from '../../components/Button';
import { FILTER_CONTROL } from '../../components/FilterSelect';
import { RemoveConfirm, useListRead, useRemoval, type RemovalText } from '../../components/ListEdits';
import { emptyText, ListPage } from '../../components/ListPage';
import { Modal } from '../../components/Modal';
import { useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { formatDateTime } from '../../lib/dateTime';
import { EmptyRow } from '../../widgets/EmptyRow';
import { ApiTokenDialog } from './ApiTokenDialog';
import { KIND_KEY, STATUS_KEY } from './apiTokenLabels';

const cell = 'px-3 py-2 align-top';
const REVOKE_TEXT = {
  title: 'system:apiTokens.revokeTitle',
  question: 'system:apiTokens.revokeQuestion',
  confirm: 'system:apiTokens.revoke',
} as const satisfies RemovalText;

export default function ApiTokensPage() {
  const t = useT('system');
  const permissions = useStoreValue(
    (s) => s.session.profile?.permissions.map((p) => p.permission) ?? [],
    [],
    (a, b) => a.join() === b.join(),
  );
  const manager = permissions.includes('system.account.edit');
  const [view$] = useState(() => new BehaviorSubject<TokenView>('own'));
  const view = useObservableState(view$, 'own');
  const [tokens, reload] = useListRead((api, reload$) => apiTokens$(api, view$, reload$));
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<{ secret: string; token: ApiToken } | null>(null);
  const [copied, setCopied] = useState(false);
  const revoking = useRemoval(revokeApiToken$, (r: ApiToken) => r.tokenId, reload);
  const rows = tokens.data ?? [];
  const when = (v: string | null) => (v ? formatDateTime(v) : t('system:apiTokens.never'));

  return (
    <ListPage
      testId="api-tokens"
      read={tokens}
      title={t('routes.apiTokens')}
      failed="system:apiTokens.loadFailed"
      intro={
        <>
          {t('system:apiTokens.intro')} {/* served by the server, not a console route: opened as a page of its own */}
          <a href="/api/reference" target="_blank" rel="noopener" className="text-blue-700 underline dark:text-blue-300" data-testid="api-reference">
            {t('system:apiTokens.reference')}
          </a>
        </>
      }
      bar={
        manager && (
          <label className="flex items-center gap-2 text-sm">
            {t('system:apiTokens.view')}
            <select value={view} onChange={(e) => view$.next(e.target.value as TokenView)} className={FILTER_CONTROL}>
              <option value="own">{t('system:apiTokens.views.own')}</option>
              <option value="managed">{t('system:apiTokens.views.managed')}</option>
            </select>
          </label>
        )
      }
      create={{ testId: 'api-token-create', text: t('system:apiTokens.create'), onClick: () => setCreating(true) }}
    >
      <div className="min-h-0 flex-1 overflow-auto">
        <table className="w-full min-w-[880px] text-sm" aria-label={t('routes.apiTokens')}>
          <thead className="sticky top-0 bg-slate-50 text-left text-xs text-slate-500 dark:bg-slate-800">
            <tr>
              <th className={cell}>{t('system:apiTokens.name')}</th>
              {view === 'managed' && <th className={cell}>{t('system:apiTokens.owner')}</th>}
              <th className={cell}>{t('system:apiTokens.kind')}</th>
              <th className={cell}>{t('system:apiTokens.permissions')}</th>
              <th className={cell}>{t('system:apiTokens.expires')}</th>
              <th className={cell}>{t('system:apiTokens.lastUsed')}</th>
              <th className={cell}>{t('system:apiTokens.status')}</th>
              <th className={cell}>
                <span className="sr-only">{t('system:apiTokens.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <EmptyRow span={8} className="p-6 text-center text-slate-500">
                {emptyText(tokens, t('app.loading'), t('system:apiTokens.empty'))}
              </EmptyRow>
            )}
            {rows.map((r) => (
              <tr key={r.tokenId} className="border-t border-slate-100 dark:border-slate-800" data-testid={`api-token-${r.tokenId}`}>
                <td className={cell}>
                  <div className="font-medium">{r.name}</div>
                  <code className="text-xs text-slate-500">{r.hint}…</code>
                </td>
                {view === 'managed' && <td className={cell}>{r.account}</td>}
                <td className={cell}>{t(KIND_KEY[r.kind])}</td>
                <td className={cell}>{t('system:apiTokens.permissionCount', { count: r.permissions.length })}</td>
                <td className={`${cell} whitespace-nowrap`}>{formatDateTime(r.expiresAt)}</td>
                <td className={`${cell} whitespace-nowrap`}>
                  {when(r.lastUsedAt)}
                  {r.lastUsedIp && <div className="text-xs text-slate-500">{r.lastUsedIp}</div>}
                </td>
                <td className={cell}>{t(STATUS_KEY[r.status])}</td>
                <td className={`${cell} text-right`}>
                  {r.status === 'active' && (
                    <Button onClick={() => revoking.ask(r)} aria-label={t('system:apiTokens.revokeNamed', { name: r.name })}>
                      {t('system:apiTokens.revoke')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {creating && (
        <ApiTokenDialog
          permissions={permissions}
          onClose={() => setCreating(false)}
          onCreated={(secret, token) => {
            setCreating(false);
            setCopied(false);
            setMade({ secret, token });
            reload();
          }}
        />
      )}
      <Modal open={made !== null} onClose={() => setMade(null)} title={t('system:apiTokens.secretTitle')} width={560} testId="api-token-secret">
        <p className="mb-2 text-sm">{t('system:apiTokens.secretNote')}</p>
        <code className="block break-all rounded bg-slate-100 p-2 font-mono text-sm dark:bg-slate-800" aria-label={t('system:apiTokens.secret')}>
          {made?.secret}
        </code>
        <div className="mt-4 flex items-center justify-end gap-2">
          {copied && (
            <span role="status" className="text-sm text-emerald-600">
              {t('system:apiTokens.copied')}
            </span>
          )}
          <Button
            onClick={() =>
              void navigator.clipboard?.writeText(made?.secret ?? '').then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {t('system:apiTokens.copy')}
          </Button>
          <Button variant="primary" onClick={() => setMade(null)}>
            {t('app.close')}
          </Button>
        </div>
      </Modal>
      <RemoveConfirm removal={revoking} text={REVOKE_TEXT} />
    </ListPage>
  );
}
