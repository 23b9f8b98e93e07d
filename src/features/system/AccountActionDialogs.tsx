// The list's and the detail's writes on one account: enable / disable and delete after a
// question (SPEC §5: deleting is permanent, continue?), and the sub-account password dialog.
// A refusal (oneself, records kept) is shown in the dialog in the server's words.
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { deleteAccount$, resetAccountPassword$, setAccountStatus$, type AccountRow } from '../../../streams/system/accounts';
import { SubAccountPasswordDialog } from '../../components/SubAccountPasswordDialog';
import type { AccountAction } from './accountColumns';
import { CommandConfirm } from './CommandConfirm';
import { refusalKey } from './refusal';
import { useCommand } from './useCommand';

export function AccountActionDialogs({
  action,
  row,
  onClose,
  onDone,
}: {
  action: Exclude<AccountAction, 'edit'> | null;
  row: AccountRow | null;
  onClose: () => void;
  onDone: (a: Exclude<AccountAction, 'edit'>) => void;
}) {
  const t = useT('system');
  const { store } = useRuntime();
  const said = (key: 'system:done.saved' | 'system:done.deleted' | 'system:done.password') =>
    store.dispatch({ type: 'message/shown', messageType: 'success', text: { key }, at: Date.now() });
  const status = useCommand(setAccountStatus$, () => {
    said('system:done.saved');
    onDone('status');
  });
  const remove = useCommand(deleteAccount$, () => {
    said('system:done.deleted');
    onDone('delete');
  });
  const password = useCommand(
    resetAccountPassword$,
    () => {
      said('system:done.password');
      onDone('password');
    },
    (e) => store.dispatch({ type: 'message/shown', messageType: 'error', text: { key: refusalKey(e) }, at: Date.now() }),
  );
  const close = () => {
    status.clear();
    remove.clear();
    password.clear();
    onClose();
  };
  if (!row) return null;
  const enabling = row.status !== 1;
  const next = { userId: row.userId, status: enabling ? 1 : 0 };
  const verb = t(enabling ? 'system:action.enable' : 'system:action.disable');
  /** a question's own dialog, and its close */
  const asking = (a: 'status' | 'delete') => ({ open: action === a, onClose: close });
  return (
    <>
      <CommandConfirm {...asking('status')} label={verb} danger={!enabling} command={status} input={next} testId="status-dialog">
        {t(enabling ? 'system:account.enableAsk' : 'system:account.disableAsk', { account: row.account })}
      </CommandConfirm>
      <CommandConfirm {...asking('delete')} label={t('system:action.delete')} danger command={remove} input={row.userId} testId="delete-dialog">
        <span className="block font-medium">{row.account}</span>
        <span className="mt-1 block">{t('system:deleteAsk')}</span>
      </CommandConfirm>
      {action === 'password' && (
        <SubAccountPasswordDialog
          open
          account={row.account}
          onClose={close}
          onSubmit={({ passwordMd5 }) => password.run({ userId: row.userId, password: passwordMd5 })}
        />
      )}
    </>
  );
}
