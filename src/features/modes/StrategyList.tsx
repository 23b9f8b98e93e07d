// One kind's strategies (peak-load shifting or island mode, SPEC §2): name, dates, SOC limits and
// issue status (with the gateway's reason after a failure, "issuing" while it answers); create,
// edit, delete (success / failed / cancelled, SPEC §8), issue and retry, distribution records.
import { useObservable, useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { map } from 'rxjs';
import { ISSUE_STATUS } from '../../../protocol/codes';
import { Button } from '../../components/Button';
import { useRuntime } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { gatewayReasonText } from '../../i18n/codeKeys';
import { deleteStrategy$, issueStrategy$, saveStrategy$ } from '../../../streams/strategies/commands';
import { distributions$, strategies$, type Strategy, type StrategyKind } from '../../../streams/strategies/reads';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Distributions } from './Distributions';
import { fromStrategy, newDraft, serverErrors, toRequest, type DraftErrors, type StrategyDraft } from './draft';
import { useCommand, useReload, type ModesStation } from './hooks';
import { StrategyForm } from './StrategyForm';
import { ISSUE_KEY, REASON_KEY, STATUS_TONE } from './texts';
import { useLiveWhilePending } from './useLive';

type Note = { tone: 'ok' | 'error' | 'info'; text: string } | null;

// a cell's column name above it on a phone, where the table's header is hidden
const labelled = 'max-sm:before:block max-sm:before:text-xs max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]';
const cell = `tabular-nums ${labelled}`;

export function StrategyList({ kind, st }: { kind: StrategyKind; st: ModesStation & { stationId: number; zone: string } }) {
  const t = useT('modes');
  const { api } = useRuntime();
  const [reload$, reload] = useReload();
  const list = useObservableState(
    useObservable((in$) => strategies$(api, in$.pipe(map(([stationId, k]) => ({ stationId, kind: k }))), reload$), [st.stationId, kind]),
    { data: null, failed: false },
  );
  const records = useObservableState(
    useObservable((in$) => distributions$(api, in$.pipe(map(([stationId]) => ({ stationId }))), reload$), [st.stationId]),
    { data: null, failed: false },
  );
  const recs = records.data?.dataList ?? [];
  const latestOf = (id: number) => recs.find((r) => r.strategyId === id);
  useLiveWhilePending(
    recs.some((r) => r.status === 0),
    reload,
  );

  const [editing, setEditing] = useState<StrategyDraft | null>(null);
  const [errors, setErrors] = useState<DraftErrors | null>(null);
  const [deleting, setDeleting] = useState<Strategy | null>(null);
  const [showing, setShowing] = useState<Strategy | null>(null);
  const [note, setNote] = useState<Note>(null);
  const [tick, setTick] = useState(0);

  const save = useCommand(saveStrategy$, (e) => {
    if (e.type === 'succeeded') {
      setEditing(null);
      reload();
    } else if (e.type === 'failed' && editing) {
      const fields = serverErrors(editing, e.error.fields);
      if (e.error.reason === 'dateOverlap') fields.startDate = { code: 'dateOverlap' };
      setErrors(Object.keys(fields).length ? fields : { stationId: { code: 'failed' } });
    }
  });
  const remove = useCommand(deleteStrategy$, (e) => {
    if (e.type === 'pending') return;
    setDeleting(null);
    setNote(
      e.type === 'succeeded'
        ? { tone: 'ok', text: t('modes:delete.success') }
        : { tone: 'error', text: `${t('modes:delete.failed')}${e.error.reason && REASON_KEY[e.error.reason] ? `: ${t(REASON_KEY[e.error.reason]!)}` : ''}` },
    );
    reload();
  });
  const issue = useCommand(issueStrategy$, (e) => {
    if (e.type === 'pending') return;
    setNote(e.type === 'failed' ? { tone: 'error', text: t(REASON_KEY[e.error.reason ?? ''] ?? 'modes:errors.failed') } : null);
    setTick((x) => x + 1);
    reload();
  });

  const open = (s: Strategy | null) => {
    setErrors(null);
    setEditing(s ? fromStrategy(s) : newDraft(kind, st.today ?? ''));
  };
  const rows = list.data?.dataList ?? [];
  return (
    <section className="flex flex-col gap-3" data-testid={`strategies-${kind}`} data-loaded={list.data !== null}>
      <div className="flex items-center gap-2">
        {note && (
          <p
            role="status"
            data-testid="strategy-note"
            className={`text-sm ${note.tone === 'error' ? 'text-red-600' : 'text-emerald-700 dark:text-emerald-400'}`}
          >
            {note.text}
          </p>
        )}
        {st.canEdit && (
          <Button variant="primary" className="ml-auto" disabled={!st.today} onClick={() => open(null)} data-testid="strategy-create">
            {t('modes:actions.create')}
          </Button>
        )}
      </div>
      {list.failed && (
        <p role="alert" className="text-sm text-red-600">
          {t('modes:list.loadFailed')}
        </p>
      )}
      {/* below 640 px each row is a card: its cells stack under their column's name (data-label) */}
      <table className="w-full text-left text-sm max-sm:block">
        <thead className="text-xs text-slate-500 max-sm:hidden">
          <tr>
            <th className="py-1">{t('modes:list.name')}</th>
            <th>{t('modes:list.dates')}</th>
            <th>{t('modes:list.soc')}</th>
            {kind === 'island' && <th>{t('modes:list.generator')}</th>}
            <th>{t('modes:list.status')}</th>
            <th>{t('modes:list.actions')}</th>
          </tr>
        </thead>
        <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-2">
          {rows.map((s) => {
            const p = s.params as Record<string, number>;
            const last = latestOf(s.strategyId);
            const issuing = last?.status === 0;
            const failedReason = s.issueStatus === ISSUE_STATUS.failed && last?.status === 2 && last.reason ? gatewayReasonText(last.reason) : null;
            return (
              <tr
                key={s.strategyId}
                data-testid="strategy-row"
                data-name={s.name}
                data-status={issuing ? 'pending' : s.issueStatus}
                className="border-t border-slate-100 align-top max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:p-3 dark:border-slate-800 max-sm:dark:border-slate-700"
              >
                <td className="py-2 font-medium max-sm:col-span-2 max-sm:py-0">{s.name}</td>
                <td className={cell} data-label={t('modes:list.dates')}>
                  {s.startDate} ~ {s.endDate}
                </td>
                <td className={cell} data-label={t('modes:list.soc')}>
                  {p.socLower}% – {p.socUpper}%
                </td>
                {kind === 'island' && (
                  <td className={cell} data-label={t('modes:list.generator')}>
                    {p.optimalGeneratorPowerKw} kW
                  </td>
                )}
                <td className={labelled} data-label={t('modes:list.status')}>
                  <span data-testid="issue-status" className={`rounded px-1.5 py-0.5 text-xs ${STATUS_TONE[issuing ? 0 : s.issueStatus]}`}>
                    {issuing ? t('modes:status.pending') : t(ISSUE_KEY[s.issueStatus]!)}
                  </span>
                  {failedReason && !issuing && (
                    <span data-testid="issue-reason" className="block text-xs text-red-600">
                      {failedReason}
                    </span>
                  )}
                </td>
                <td className="flex flex-wrap gap-1 py-1 max-sm:col-span-2 max-sm:gap-2 max-sm:py-0 max-sm:[&_button]:h-11">
                  {st.canIssue && (
                    <Button
                      disabled={issuing || issue.pending}
                      onClick={() => issue.run(s.strategyId)}
                      data-testid={s.issueStatus === ISSUE_STATUS.failed ? 'strategy-retry' : 'strategy-issue'}
                    >
                      {t(s.issueStatus === ISSUE_STATUS.failed ? 'modes:actions.retry' : 'modes:actions.issue')}
                    </Button>
                  )}
                  {st.canEdit && (
                    <Button onClick={() => open(s)} data-testid="strategy-edit">
                      {t('modes:actions.edit')}
                    </Button>
                  )}
                  {st.canEdit && (
                    <Button variant="danger" onClick={() => setDeleting(s)} data-testid="strategy-delete">
                      {t('modes:actions.delete')}
                    </Button>
                  )}
                  <Button onClick={() => setShowing(showing?.strategyId === s.strategyId ? null : s)} data-testid="strategy-records">
                    {t('modes:actions.records')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {list.data && rows.length === 0 && <p className="text-sm text-slate-500">{t('modes:list.empty')}</p>}
      {showing && <Distributions strategy={showing} zone={st.zone} reloadSignal={tick} />}
      {editing && (
        <StrategyForm
          stationId={st.stationId}
          initial={editing}
          serverErrors={errors}
          essPowerKw={st.essPowerKw}
          busy={save.pending}
          onSave={(d) => {
            setEditing(d);
            save.run(toRequest(d, st.stationId));
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        busy={remove.pending}
        title={t('modes:delete.title')}
        text={t('modes:delete.text', { name: deleting?.name ?? '' })}
        onConfirm={() => deleting && remove.run(deleting.strategyId)}
        onCancel={() => {
          setDeleting(null);
          setNote({ tone: 'info', text: t('modes:delete.cancelled') });
        }}
      />
    </section>
  );
}
