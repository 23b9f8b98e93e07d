// On-call schedules (system.oncall): the organisation's tiers of people told of an alarm nobody
// acknowledges (docs/notifications.md, "Escalation"); create, edit, delete.
import { getCoreRowModel, getSortedRowModel, useReactTable, type SortingState } from '@tanstack/react-table';
import { useObservable, useObservableState } from 'observable-hooks';
import { useCallback, useMemo, useState } from 'react';
import { map, of } from 'rxjs';
import { deleteOncallSchedule$, oncallSchedules$, type OncallSchedule } from '../../../streams/notifications/oncall';
import { pickableStations$ } from '../../../streams/system/accounts';
import { NOTHING } from '../../../streams/system/loaded';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useRuntime } from '../../hooks/runtime';
import { useCommand, useReload } from '../../hooks/useCommand';
import { useT } from '../../hooks/useT';
import { VirtualTable } from '../../widgets/VirtualTable';
import { OncallDialog } from './OncallDialog';
import { oncallColumns, type OncallAction } from './oncallColumns';

export default function OncallPage() {
  const t = useT('notifications', 'alarms');
  const { api } = useRuntime();
  const [reload$, reload] = useReload();
  const list = useObservableState(
    useObservable(() => oncallSchedules$(api, of(true), reload$)),
    NOTHING,
  );
  const stations = useObservableState(
    useObservable(() => pickableStations$(api, of(0)).pipe(map((s) => s.data ?? []))),
    [],
  );
  const names = useMemo(() => new Map(stations.map((s) => [s.stationId, s.stationName])), [stations]);
  const accounts = useMemo(() => (list.data?.accounts ?? []).map((a) => ({ id: a.accountId, name: a.name })), [list.data]);
  const roles = useMemo(() => (list.data?.roles ?? []).map((r) => ({ id: r.roleId, name: r.name })), [list.data]);
  const [editing, setEditing] = useState<OncallSchedule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<OncallSchedule | null>(null);
  const [sorting, setSorting] = useState<SortingState>([]);
  const remover = useCommand(deleteOncallSchedule$, (e) => {
    if (e.type === 'succeeded') {
      setDeleting(null);
      reload();
    }
  });
  const act = useCallback((a: OncallAction, s: OncallSchedule) => (a === 'edit' ? setEditing(s) : setDeleting(s)), []);
  const rows = useMemo(() => list.data?.dataList ?? [], [list.data]);
  const columns = useMemo(() => oncallColumns(t, (id) => names.get(id) ?? `#${id}`, act), [t, names, act]);
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (r) => String(r.scheduleId),
  });

  return (
    <section
      data-testid="oncall-schedules"
      data-loaded={list.data !== null}
      data-total={rows.length}
      className="flex h-full min-h-[480px] flex-col rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3 dark:border-slate-800">
        <h1 className="mr-2 text-base font-semibold">{t('routes.systemOncall')}</h1>
        <span className="text-sm text-slate-500">{t('notifications:oncall.count', { count: rows.length })}</span>
        <Button variant="primary" className="ml-auto" onClick={() => setEditing('new')} data-testid="oncall-create">
          {t('notifications:oncall.create')}
        </Button>
        <p className="w-full text-xs text-slate-500">{t('notifications:oncall.intro')}</p>
      </div>
      {list.failed && (
        <p role="alert" className="px-3 py-2 text-sm text-red-600">
          {t('notifications:loadFailed')}
        </p>
      )}
      <VirtualTable
        table={table}
        label={t('routes.systemOncall')}
        empty={list.data === null && !list.failed ? t('app.loading') : t('notifications:oncall.empty')}
        testId="oncall-table"
      />
      {editing && (
        <OncallDialog
          editing={editing === 'new' ? null : editing}
          stations={stations}
          accounts={accounts}
          roles={roles}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('notifications:oncall.deleteTitle')}
        text={t('notifications:oncall.deleteQuestion', { name: deleting?.name ?? '' })}
        busy={remover.pending}
        onConfirm={() => deleting && remover.run(deleting.scheduleId)}
        onCancel={() => setDeleting(null)}
        confirmLabel={t('notifications:action.delete')}
      />
    </section>
  );
}
