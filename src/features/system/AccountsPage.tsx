// Account management (system.account): the accounts of the orgs in scope (the provider picked
// in the selector for orgType 1), searched and filtered by status, role and organisation on the
// server, virtualized; create, edit, enable/disable, password and delete for holders of
// system.account.edit. A row opens the account's detail.
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { map, Subject } from 'rxjs';
import { settledText } from '../../../streams/typed';
import { useLocation } from 'wouter';
import { selectPermissions } from '../../../streams/selectors';
import { accountList$, type AccountFilter, type AccountRow } from '../../../streams/system/accounts';
import { NOTHING } from '../../../streams/system/loaded';
import { roleList$ } from '../../../streams/system/roles';
import { SearchBox } from '../../components/SearchBox';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { href } from '../../lib/paths';
import { useSortedTable } from '../../widgets/useSortedTable';
import { VirtualTable } from '../../widgets/VirtualTable';
import { emptyText, ListPage } from '../../components/ListPage';
import { FilterSelects, type FilterSpec } from '../../components/FilterSelects';
import { AccountActionDialogs } from './AccountActionDialogs';
import { accountColumns, type AccountAction } from './accountColumns';
import { AccountDialog } from './AccountDialog';
import { useManagedOrgs } from './orgs';
import { ResultCount } from '../../components/ResultCount';

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
  const table = useSortedTable(rows, columns, (r) => r.userId);
  const saved = () => {
    setDialog(null);
    reload$.next();
  };
  const num = (v: string) => (v === '' ? null : Number(v));
  const statuses = [
    { value: 1, label: t('system:status.enabled') },
    { value: 0, label: t('system:status.disabled') },
  ];
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.roleId, label: r.name }));
  const orgOptions = orgs.map((o) => ({ value: o.id, label: o.name }));
  const filters: FilterSpec[] = [
    { testId: 'filter-status', label: t('system:col.status'), value: status ?? '', options: statuses, onChange: (v) => setStatus(num(v)) },
    { testId: 'filter-role', label: t('system:col.role'), value: roleId ?? '', options: roleOptions, onChange: (v) => setRoleId(num(v)) },
    { testId: 'filter-org', label: t('system:account.org'), value: orgId ?? '', options: orgOptions, onChange: (v) => setOrgId(num(v)) },
  ];

  return (
    <ListPage
      testId="accounts"
      read={list}
      title={t('routes.systemAccount')}
      bar={
        <>
          <SearchBox label={t('system:account.search')} value={typed} onChange={setTyped} testId="account-search" width="w-56" />
          <FilterSelects all={t('system:all')} filters={filters} />
          <ResultCount testId="account-count" text={t('system:account.count', { count: list.data?.totalCount ?? 0 })} />
        </>
      }
      create={canEdit && { testId: 'account-create', text: t('system:account.create'), onClick: () => setDialog({ action: 'edit', row: null }) }}
    >
      <VirtualTable
        table={table}
        onRowClick={(r) => navigate(href('system.accountDetail', { userId: r.userId }))}
        empty={emptyText(list, t('app.loading'), t('noDate'))}
        testId="account-table"
      />
      {dialog?.action === 'edit' && <AccountDialog editing={dialog.row} orgs={orgs} providerId={providerId} onClose={() => setDialog(null)} onSaved={saved} />}
      <AccountActionDialogs
        action={dialog && dialog.action !== 'edit' ? dialog.action : null}
        row={dialog?.row ?? null}
        onClose={() => setDialog(null)}
        onDone={saved}
      />
    </ListPage>
  );
}
