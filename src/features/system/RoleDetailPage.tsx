// Role details (system.roleDetail, ?roleId=…; without it a new role): name (required, SPEC §5),
// notes, "requires two-factor", the permission tree with the menu it gives, save and delete, and
// (a saved role) its default notification rules.
// Delete is refused while accounts use the role, and for built-in roles, in the server's words.
import { useObservable, useObservableState } from 'observable-hooks';
import { useEffect, useMemo, useState } from 'react';
import { map, of } from 'rxjs';
import { useLocation } from 'wouter';
import { useQueryId } from '../../hooks/useRouteStation';
import { scopeCode } from '../../../streams/monitor/scope';
import { selectPermissions } from '../../../streams/selectors';
import { NOTHING } from '../../../streams/system/loaded';
import { deleteRole$, permissionCatalogue$, roleById$, saveRole$ } from '../../../streams/system/roles';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { href } from '../../lib/paths';
import { ConfirmDialog } from './ConfirmDialog';
import { buildTree, menuPreview } from './permissionTree';
import { MenuPreview, PermissionTree } from './PermissionTree';
import { refusalKey } from './refusal';
import { RoleNotificationRules } from './RoleNotificationRules';
import { useCommand } from './useCommand';

export default function RoleDetailPage() {
  const t = useT('system');
  const { api, store } = useRuntime();
  const [, navigate] = useLocation();
  const roleId = useQueryId('roleId');
  const canEdit = useStoreValue(selectPermissions).has('system.role.edit');
  // a platform user creates the role in the provider picked in the selector
  const scope = useStoreValue(scopeCode);
  const role = useObservableState(
    useObservable((in$) => roleById$(api, in$.pipe(map(([id]) => id))), [roleId]),
    NOTHING,
  );
  const catalogue = useObservableState(
    useObservable(() => permissionCatalogue$(api, of(true))),
    NOTHING,
  );
  const tree = useMemo(() => buildTree(catalogue.data ?? []), [catalogue.data]);
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const [twoFactor, setTwoFactor] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [nameError, setNameError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    const r = role.data;
    if (!r) return;
    setName(r.name);
    setNotes(r.notes ?? '');
    setTwoFactor(r.requiresTwoFactor);
    setChosen(new Set(r.permissions));
  }, [role.data]);
  const said = (key: 'system:done.saved' | 'system:done.deleted') =>
    store.dispatch({ type: 'message/shown', messageType: 'success', text: { key }, at: Date.now() });
  const save = useCommand(saveRole$, (r) => {
    said('system:done.saved');
    navigate(href('system.roleDetail', { roleId: r.roleId }), { replace: true });
  });
  const remove = useCommand(deleteRole$, () => {
    said('system:done.deleted');
    navigate(href('system.role'));
  });
  const submit = () => {
    if (!name.trim()) return setNameError(t('system:issue.nameRequired'));
    setNameError(null);
    save.run({
      ...(roleId ? { roleId } : scope > 0 ? { orgId: scope } : {}),
      name: name.trim(),
      permissions: [...chosen],
      notes,
      requiresTwoFactor: twoFactor,
    });
  };
  const builtin = role.data?.builtin ?? false;
  const editable = canEdit;

  return (
    <section
      data-testid="role-detail"
      data-loaded={catalogue.data !== null && (roleId === null || role.data !== null)}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-base font-semibold">{roleId ? t('routes.systemRoleDetail') : t('system:role.create')}</h1>
        {builtin && <span className="rounded bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">{t('system:role.builtin')}</span>}
        {role.data && <span className="text-sm text-slate-500">{t('system:role.accounts', { count: role.data.accountCount })}</span>}
        <span className="ml-auto flex gap-2">
          <Button onClick={() => navigate(href('system.role'))}>{t('system:back')}</Button>
          {editable && roleId && (
            <Button variant="danger" onClick={() => setAsking(true)} data-testid="role-delete">
              {t('system:action.delete')}
            </Button>
          )}
          {editable && (
            <Button variant="primary" onClick={submit} disabled={save.busy} data-testid="role-save">
              {t('system:save')}
            </Button>
          )}
        </span>
      </div>
      {save.error && (
        <p role="alert" data-testid="role-refused" className="text-sm text-red-600">
          {t(refusalKey(save.error))}
        </p>
      )}
      <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)] gap-4 max-sm:grid-cols-1">
        <div className="flex flex-col gap-3">
          <div className="grid grid-cols-2 gap-3 max-sm:grid-cols-1">
            <TextField
              label={t('system:col.roleName')}
              value={name}
              onChange={setName}
              error={nameError}
              disabled={!editable}
              testId="role-name"
              maxLength={50}
            />
            {/* notes run to 500 characters: a box that wraps them, not a line that cuts them */}
            <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
              {t('system:col.notes')}
              <textarea
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                disabled={!editable}
                maxLength={500}
                rows={2}
                data-testid="role-notes"
                className="min-h-9 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm focus:border-brand-500 disabled:opacity-70 dark:border-slate-600 dark:bg-slate-900"
              />
            </label>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              role="switch"
              checked={twoFactor}
              onChange={(e) => setTwoFactor(e.target.checked)}
              disabled={!editable}
              data-testid="role-2fa"
              className="size-4 accent-brand-600"
            />
            {t('system:role.requiresTwoFactor')}
          </label>
          {catalogue.data === null ? (
            <p className="text-slate-500">{t('app.loading')}</p>
          ) : (
            <PermissionTree tree={tree} chosen={chosen} onChange={setChosen} readOnly={!editable} />
          )}
        </div>
        <MenuPreview preview={menuPreview(tree, chosen)} />
      </div>
      {roleId && <RoleNotificationRules roleId={roleId} editable={editable} />}
      <ConfirmDialog
        open={asking}
        title={t('system:action.delete')}
        confirmLabel={t('system:action.delete')}
        danger
        busy={remove.busy}
        error={remove.error && t(refusalKey(remove.error), { count: role.data?.accountCount ?? 0 })}
        onConfirm={() => roleId && remove.run(roleId)}
        onClose={() => {
          remove.clear();
          setAsking(false);
        }}
        testId="delete-dialog"
      >
        <span className="block font-medium">{name}</span>
        <span className="mt-1 block">{t('system:deleteAsk')}</span>
      </ConfirmDialog>
    </section>
  );
}
