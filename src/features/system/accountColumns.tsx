// The account list's columns (SPEC §3): account, contact, mobile, e-mail, status, role, notes,
// created, and the row's actions.
import type { ColumnDef } from '@tanstack/react-table';
import { actionsColumn } from '../../components/RowActions';
import { nameCell } from '../../widgets/tableCells';
import type { AccountRow } from '../../../streams/system/accounts';
import type { TFn } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/dateTime';

export type AccountAction = 'edit' | 'status' | 'password' | 'delete';

export function accountColumns(t: TFn, canEdit: boolean, act: (a: AccountAction, row: AccountRow) => void): ColumnDef<AccountRow>[] {
  const cols: ColumnDef<AccountRow>[] = [
    { id: 'account', accessorKey: 'account', header: t('system:col.account'), size: 130, cell: nameCell('account-cell') },
    { id: 'contact', accessorKey: 'contact', header: t('system:col.contact'), size: 100 },
    { id: 'mobile', accessorFn: (r) => r.mobile ?? '-', header: t('system:col.mobile'), size: 110 },
    { id: 'email', meta: { wide: true }, accessorFn: (r) => r.email ?? '-', header: t('system:col.email'), size: 150 },
    {
      id: 'status',
      accessorKey: 'status',
      header: t('system:col.status'),
      size: 70,
      cell: (c) => (
        <span data-testid="account-status" data-status={c.row.original.status} className={c.row.original.status === 1 ? 'text-emerald-600' : 'text-slate-400'}>
          {t(c.row.original.status === 1 ? 'system:status.enabled' : 'system:status.disabled')}
        </span>
      ),
    },
    { id: 'role', accessorKey: 'roleName', header: t('system:col.role'), size: 110 },
    {
      id: 'notes',
      meta: { wide: true },
      accessorKey: 'notes',
      header: t('system:col.notes'),
      size: 120,
      cell: (c) => (
        <span className="truncate" title={c.row.original.notes}>
          {c.row.original.notes || '-'}
        </span>
      ),
    },
    {
      id: 'created',
      accessorFn: (r) => formatDateTime(r.createdTime),
      header: t('system:col.created'),
      size: 140,
      cell: (c) => <span className="font-mono text-xs">{c.getValue<string>()}</span>,
    },
  ];
  if (!canEdit) return cols;
  cols.push(
    actionsColumn({
      header: t('system:col.actions'),
      size: 190,
      prefix: 'account-action',
      gap: 'gap-2',
      actions: (r: AccountRow) => [
        { action: 'edit', label: t('system:action.edit') },
        { action: 'status', label: t(r.status === 1 ? 'system:action.disable' : 'system:action.enable') },
        { action: 'password', label: t('system:action.password') },
        { action: 'delete', label: t('system:action.delete') },
      ],
      act,
    }),
  );
  return cols;
}
