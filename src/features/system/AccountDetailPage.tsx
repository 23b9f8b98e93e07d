// Account details (system.accountDetail, ?userId=…): the account's fields, its role's
// permissions, its data scope, its live sessions with "sign out everywhere", its recent audit
// entries, and the writes of the list (edit, enable/disable, password, delete) plus resetting
// its second factor.
import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { map, Subject } from 'rxjs';
import { useLocation } from 'wouter';
import { useQueryId } from '../../hooks/useRouteStation';
import { selectPermissions } from '../../../streams/selectors';
import { accountAudit$, accountById$, accountSessions$, pickableStations$, resetTwoFactor$, revokeAccountSessions$ } from '../../../streams/system/accounts';
import { NOTHING } from '../../../streams/system/loaded';
import { Button } from '../../components/Button';
import { PHONE_CELL, PHONE_TABLE, PHONE_WIDE } from '../../components/phoneCards';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { href } from '../../lib/paths';
import { AccountActionDialogs } from './AccountActionDialogs';
import type { AccountAction } from './accountColumns';
import { AccountDialog } from './AccountDialog';
import { AuditRows } from './AuditRows';
import { CommandConfirm } from './CommandConfirm';
import { useManagedOrgs } from './orgs';
import { permissionLabel } from './permissionLabels';
import { useCommand } from './useCommand';
import { formatDateTime } from '../../lib/dateTime';

const box = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';

export default function AccountDetailPage() {
  const t = useT('system', 'auth');
  const { api, store } = useRuntime();
  const [, navigate] = useLocation();
  const userId = useQueryId('userId');
  const canEdit = useStoreValue(selectPermissions).has('system.account.edit');
  const { orgs, providerId } = useManagedOrgs();
  const reload$ = useMemo(() => new Subject<void>(), []);
  const id$ = (in$: import('rxjs').Observable<[number | null]>) => in$.pipe(map(([id]) => id));
  const account = useObservableState(
    useObservable((in$) => accountById$(api, id$(in$), reload$), [userId]),
    NOTHING,
  );
  const sessions = useObservableState(
    useObservable((in$) => accountSessions$(api, id$(in$), reload$), [userId]),
    NOTHING,
  );
  const audit = useObservableState(
    useObservable((in$) => accountAudit$(api, id$(in$), reload$), [userId]),
    NOTHING,
  );
  const stations = useObservableState(
    useObservable((in$) => pickableStations$(api, in$.pipe(map(([p]) => p ?? 0))), [providerId]),
    NOTHING,
  );
  const [dialog, setDialog] = useState<AccountAction | 'revoke' | 'twoFactor' | null>(null);
  const said = () => store.dispatch({ type: 'message/shown', messageType: 'success', text: { key: 'system:done.saved' }, at: Date.now() });
  const done = () => {
    setDialog(null);
    reload$.next();
  };
  const revoke = useCommand(revokeAccountSessions$, () => {
    said();
    done();
  });
  const reset2fa = useCommand(resetTwoFactor$, () => {
    said();
    done();
  });
  /** an open question's own dialog, and its close */
  const asking = (d: 'revoke' | 'twoFactor') => ({ open: dialog === d, onClose: () => setDialog(null) });
  const a = account.data;
  if (!a) return <p className="p-6 text-center text-slate-500">{account.failed ? t('system:loadFailed') : t('app.loading')}</p>;
  const stationName = new Map((stations.data ?? []).map((s) => [s.stationId, s.stationName]));
  const field = (label: string, value: string, testId?: string) => (
    <div className="flex flex-col">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd data-testid={testId} className="truncate max-sm:break-words max-sm:whitespace-normal">
        {value || '-'}
      </dd>
    </div>
  );

  return (
    <div data-testid="account-detail" className="flex flex-col gap-3">
      <section className={box}>
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <h1 className="text-base font-semibold">{a.account}</h1>
          <span data-testid="account-status" data-status={a.status} className={a.status === 1 ? 'text-emerald-600' : 'text-slate-400'}>
            {t(a.status === 1 ? 'system:status.enabled' : 'system:status.disabled')}
          </span>
          <span className="ml-auto flex flex-wrap gap-2">
            <Button onClick={() => navigate(href('system.account'))}>{t('system:back')}</Button>
            {canEdit && (
              <>
                <Button onClick={() => setDialog('edit')} data-testid="account-edit">
                  {t('system:action.edit')}
                </Button>
                <Button onClick={() => setDialog('status')} data-testid="account-status-toggle">
                  {t(a.status === 1 ? 'system:action.disable' : 'system:action.enable')}
                </Button>
                <Button onClick={() => setDialog('password')} data-testid="account-password">
                  {t('system:action.password')}
                </Button>
                {a.twoFactorEnrolled && (
                  <Button onClick={() => setDialog('twoFactor')} data-testid="account-reset-2fa">
                    {t('system:action.resetTwoFactor')}
                  </Button>
                )}
                <Button variant="danger" onClick={() => setDialog('delete')} data-testid="account-delete">
                  {t('system:action.delete')}
                </Button>
              </>
            )}
          </span>
        </div>
        <dl className="grid grid-cols-4 gap-3 text-sm max-sm:grid-cols-2">
          {field(t('system:col.contact'), a.contact)}
          {field(t('system:col.mobile'), a.mobile ?? '')}
          {field(t('system:col.email'), a.email ?? '')}
          {field(t('system:account.org'), a.orgName)}
          {field(t('system:col.role'), a.roleName)}
          {field(t('system:col.created'), formatDateTime(a.createdTime))}
          {field(t('system:account.twoFactor'), t(a.twoFactorEnrolled ? 'system:twoFactor.on' : 'system:twoFactor.off'), 'account-2fa')}
          {field(t('system:col.notes'), a.notes)}
        </dl>
      </section>
      <div className="grid grid-cols-2 gap-3 max-sm:grid-cols-1">
        <section className={box}>
          <h2 className="mb-2 text-sm font-semibold">{t('system:account.rolePermissions')}</h2>
          <ul className="flex flex-wrap gap-1.5 text-xs" data-testid="account-permissions">
            {a.rolePermissions.map((p) => (
              <li key={p} className="rounded bg-slate-100 px-2 py-0.5 dark:bg-slate-800">
                {permissionLabel(p)}
              </li>
            ))}
          </ul>
        </section>
        <section className={box}>
          <h2 className="mb-2 text-sm font-semibold">{t('system:account.dataScope')}</h2>
          {a.dataScope === 'org' ? (
            <p className="text-sm" data-testid="account-scope">
              {t('system:account.scopeOrgOf', { org: a.orgName })}
            </p>
          ) : (
            <ul className="flex flex-wrap gap-1.5 text-xs" data-testid="account-scope">
              {a.scopeStationIds.map((s) => (
                <li key={s} className="rounded bg-slate-100 px-2 py-0.5 dark:bg-slate-800">
                  {stationName.get(s) ?? `#${s}`}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className={box}>
        <div className="mb-2 flex items-center gap-2">
          <h2 className="text-sm font-semibold">{t('system:account.sessions')}</h2>
          {canEdit && (sessions.data?.length ?? 0) > 0 && (
            <Button className="ml-auto" onClick={() => setDialog('revoke')} data-testid="sessions-revoke">
              {t('system:account.signOutEverywhere')}
            </Button>
          )}
        </div>
        <table className={`w-full text-left text-sm ${PHONE_TABLE.table}`} data-testid="account-sessions">
          <thead className={`text-xs text-slate-500 ${PHONE_TABLE.thead}`}>
            <tr>
              <th>{t('system:session.device')}</th>
              <th>{t('system:session.ip')}</th>
              <th>{t('system:session.created')}</th>
              <th>{t('system:session.lastUse')}</th>
            </tr>
          </thead>
          <tbody className={PHONE_TABLE.tbody}>
            {(sessions.data ?? []).map((s) => (
              <tr key={s.sessionId} data-testid="session-row" className={PHONE_TABLE.tr}>
                <td data-label={t('system:session.device')} className={`${PHONE_CELL} ${PHONE_WIDE}`}>
                  {s.device ?? '-'}
                  {s.current ? ` (${t('system:session.current')})` : ''}
                </td>
                <td data-label={t('system:session.ip')} className={`${PHONE_CELL} ${PHONE_WIDE}`}>
                  {s.ip ?? '-'}
                </td>
                <td data-label={t('system:session.created')} className={`font-mono text-xs ${PHONE_CELL} max-sm:before:font-sans`}>
                  {formatDateTime(s.createdAt)}
                </td>
                <td data-label={t('system:session.lastUse')} className={`font-mono text-xs ${PHONE_CELL} max-sm:before:font-sans`}>
                  {formatDateTime(s.lastSeenAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {sessions.data?.length === 0 && <p className="p-3 text-center text-sm text-slate-500">{t('system:session.none')}</p>}
      </section>
      <section className={box}>
        <h2 className="mb-2 text-sm font-semibold">{t('system:account.recentAudit')}</h2>
        <AuditRows rows={audit.data ?? []} height={280} />
      </section>
      {dialog === 'edit' && <AccountDialog editing={a} orgs={orgs} providerId={providerId} onClose={() => setDialog(null)} onSaved={done} />}
      <AccountActionDialogs
        action={dialog === 'status' || dialog === 'password' || dialog === 'delete' ? dialog : null}
        row={a}
        onClose={() => setDialog(null)}
        onDone={(x) => (x === 'delete' ? navigate(href('system.account')) : done())}
      />
      <CommandConfirm {...asking('revoke')} label={t('system:account.signOutEverywhere')} command={revoke} input={a.userId} testId="revoke-dialog">
        {t('system:account.revokeAsk', { account: a.account })}
      </CommandConfirm>
      <CommandConfirm {...asking('twoFactor')} label={t('system:action.resetTwoFactor')} danger command={reset2fa} input={a.userId} testId="reset-2fa-dialog">
        {t('system:account.resetTwoFactorAsk', { account: a.account })}
      </CommandConfirm>
    </div>
  );
}
