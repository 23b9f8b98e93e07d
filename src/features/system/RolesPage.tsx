// Role management (system.role): the roles of the orgs in scope (the provider picked in the
// selector for orgType 1) with organisation, number of accounts and the built-in flag,
// virtualized; a row opens the role, "New role" an empty one.
import type { ColumnDef } from '@tanstack/react-table';
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { map } from 'rxjs';
import { useLocation } from 'wouter';
import { scopeCode } from '../../../streams/monitor/scope';
import { selectPermissions } from '../../../streams/selectors';
import { NOTHING } from '../../../streams/system/loaded';
import { roleList$, type Role } from '../../../streams/system/roles';
import { SearchBox } from '../../components/SearchBox';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { href } from '../../lib/paths';
import { nameCell } from '../../widgets/tableCells';
import { useSortedTable } from '../../widgets/useSortedTable';
import { VirtualTable } from '../../widgets/VirtualTable';
import { emptyText, ListPage } from '../../components/ListPage';
import { useManagedOrgs } from './orgs';
import { formatDateTime } from '../../lib/dateTime';
import { ResultCount } from '../../components/ResultCount';

export default function RolesPage() {
  const t = useT('system');
  const { api } = useRuntime();
  const [, navigate] = useLocation();
  const scope = useStoreValue(scopeCode);
  const canEdit = useStoreValue(selectPermissions).has('system.role.edit');
  const { orgs } = useManagedOrgs();
  const [q, setQ] = useState('');
  const roles = useObservableState(
    useObservable((in$) => roleList$(api, in$.pipe(map(([s]) => (s < 0 ? null : s > 0 ? { orgId: s } : {})))), [scope]),
    NOTHING,
  );
  const orgName = useMemo(() => new Map(orgs.map((o) => [o.id, o.name])), [orgs]);
  const rows = useMemo(() => (roles.data ?? []).filter((r) => !q.trim() || r.name.toLowerCase().includes(q.trim().toLowerCase())), [roles.data, q]);
  const columns = useMemo<ColumnDef<Role>[]>(
    () => [
      { id: 'name', meta: { wide: true }, accessorKey: 'name', header: t('system:col.roleName'), size: 160, cell: nameCell('role-cell') },
      { id: 'org', meta: { wide: true }, accessorFn: (r) => orgName.get(r.orgId) ?? String(r.orgId), header: t('system:account.org'), size: 160 },
      { id: 'accounts', accessorKey: 'accountCount', header: t('system:col.accountCount'), size: 90 },
      { id: 'builtin', accessorFn: (r) => (r.builtin ? t('system:yes') : t('system:no')), header: t('system:role.builtin'), size: 80 },
      { id: 'twoFactor', accessorFn: (r) => (r.requiresTwoFactor ? t('system:yes') : t('system:no')), header: t('system:role.requiresTwoFactor'), size: 120 },
      { id: 'updated', accessorFn: (r) => formatDateTime(r.updatedAt), header: t('system:col.updated'), size: 140 },
    ],
    [t, orgName],
  );
  const table = useSortedTable(rows, columns, (r) => r.roleId);
  return (
    <ListPage
      testId="roles"
      read={roles}
      title={t('routes.systemRole')}
      bar={
        <>
          <SearchBox label={t('system:role.search')} value={q} onChange={setQ} width="w-56" />
          <ResultCount text={t('system:role.count', { count: rows.length })} />
        </>
      }
      create={canEdit && { testId: 'role-create', text: t('system:role.create'), onClick: () => navigate(href('system.roleDetail')) }}
    >
      <VirtualTable
        table={table}
        onRowClick={(r) => navigate(href('system.roleDetail', { roleId: r.roleId }))}
        empty={emptyText(roles, t('app.loading'), t('noDate'))}
        testId="role-table"
      />
    </ListPage>
  );
}
