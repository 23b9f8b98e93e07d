// Account management (system.account): the accounts of the orgs in scope (the provider picked
// in the selector for orgType 1), searched and filtered by status, role and organisation on the
// server, virtualized; create, edit, enable/disable, password and delete for holders of
// system.account.edit. A row opens the account's detail.
import { getCoreRowModel, getSortedRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { map, Subject } from 'rxjs';
import { settledText } from '../../../streams/typed';
import { useLocation } from 'wouter';
import { selectPermissions } from '../../../streams/selectors';
import { accountList$, type AccountFilter, type AccountRow } from '../../../streams/system/accounts';
import { NOTHING } from '../../../streams/system/loaded';
import { roleList$ } from '../../../streams/system/roles';
import { Button } from '../../components/Button';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { href } from '../../lib/paths';
import { VirtualTable } from '../../widgets/VirtualTable';
import { AccountActionDialogs } from './AccountActionDialogs';
import { accountColumns, type AccountAction } from './accountColumns';
import { AccountDialog } from './AccountDialog';
import { useManagedOrgs } from './orgs';

const sel = 'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-800';

export default function AccountsPage() {
  const t = useT('system', 'auth');
  const { api } = useRuntime();
  const [, navigate] = useLocation();
  const canEdit = useStoreValue(selectPermissions).has('system.account.edit');
  const { orgs, scope, providerId } = useManagedOrgs();
  const [typed, setTyped] = useState('');
  const [status, setStatus] = useState<number | null>(null);
  const [roleId, setRoleId] = useState<number | null>(null);
  const [orgId, setOrgId] = useState<number | null>(null);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [dialog, setDialog] = useState<{ action: AccountAction; row: AccountRow | null } | null>(null);
  const reload$ = useMemo(() => new Subject<void>(), []);

  const keyword = useObservableState(
    useObservable((in$) => settledText(in$).pipe(map(([k]) => k)), [typed] as const),
    '',
  );

  const filter: AccountFilter | null =
    scope < 0
      ? null
      : {
          ...(orgId !== null ? { orgId } : providerId !== null && scope > 0 ? { orgId: providerId } : {}),
          ...(keyword ? { keyword } : {}),
          ...(status !== null ? { status } : {}),
          ...(roleId !== null ? { roleId } : {}),
        };
  const list = useObservableState(
    useObservable((in$) => accountList$(api, in$.pipe(map(([f]) => f)), reload$), [filter]),
    NOTHING,
  );
  const roles = useObservableState(
    useObservable((in$) => roleList$(api, in$.pipe(map(([s]) => (s < 0 ? null : s > 0 ? { orgId: s } : {})))), [scope]),
    NOTHING,
  );
  const rows = useMemo(() => list.data?.dataList ?? [], [list.data]);
  const act = (action: AccountAction, row: AccountRow) => setDialog({ action, row });
  const columns = useMemo(() => accountColumns(t, canEdit, act), [t, canEdit]);
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (r) => String(r.userId),
  });
  const saved = () => {
    setDialog(null);
    reload$.next();
  };
  const num = (v: string) => (v === '' ? null : Number(v));

  return (
    <section
      data-testid="accounts"
      data-loaded={list.data !== null}
      data-total={list.data?.totalCount ?? 0}
      className="flex h-full min-h-[480px] flex-col rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3 dark:border-slate-800">
        <h1 className="mr-2 text-base font-semibold">{t('routes.systemAccount')}</h1>
        <input
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t('system:account.search')}
          aria-label={t('system:account.search')}
          data-testid="account-search"
          className={`${sel} w-56`}
        />
        <select
          aria-label={t('system:col.status')}
          className={sel}
          value={status ?? ''}
          onChange={(e) => setStatus(num(e.target.value))}
          data-testid="filter-status"
        >
          <option value="">
            {t('system:col.status')}: {t('system:all')}
          </option>
          <option value="1">{t('system:status.enabled')}</option>
          <option value="0">{t('system:status.disabled')}</option>
        </select>
        <select
          aria-label={t('system:col.role')}
          className={sel}
          value={roleId ?? ''}
          onChange={(e) => setRoleId(num(e.target.value))}
          data-testid="filter-role"
        >
          <option value="">
            {t('system:col.role')}: {t('system:all')}
          </option>
          {(roles.data ?? []).map((r) => (
            <option key={r.roleId} value={r.roleId}>
              {r.name}
            </option>
          ))}
        </select>
        <select
          aria-label={t('system:account.org')}
          className={sel}
          value={orgId ?? ''}
          onChange={(e) => setOrgId(num(e.target.value))}
          data-testid="filter-org"
        >
          <option value="">
            {t('system:account.org')}: {t('system:all')}
          </option>
          {orgs.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
        <span className="text-sm text-slate-500" data-testid="account-count">
          {t('system:account.count', { count: list.data?.totalCount ?? 0 })}
        </span>
        {canEdit && (
          <Button variant="primary" className="ml-auto" onClick={() => setDialog({ action: 'edit', row: null })} data-testid="account-create">
            {t('system:account.create')}
          </Button>
        )}
      </div>
      {list.failed && (
        <p role="alert" className="px-3 py-2 text-sm text-red-600">
          {t('system:loadFailed')}
        </p>
      )}
      <VirtualTable
        table={table}
        onRowClick={(r) => navigate(href('system.accountDetail', { userId: r.userId }))}
        empty={list.data === null && !list.failed ? t('app.loading') : t('noDate')}
        testId="account-table"
      />
      {dialog?.action === 'edit' && <AccountDialog editing={dialog.row} orgs={orgs} providerId={providerId} onClose={() => setDialog(null)} onSaved={saved} />}
      <AccountActionDialogs
        action={dialog && dialog.action !== 'edit' ? dialog.action : null}
        row={dialog?.row ?? null}
        onClose={() => setDialog(null)}
        onDone={saved}
      />
    </section>
  );
}
