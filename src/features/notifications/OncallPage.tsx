// On-call schedules (system.oncall): the organisation's tiers of people told of an alarm nobody
// acknowledges (docs/notifications.md, "Escalation"); create, edit, delete.
import { useObservable, useObservableState } from 'observable-hooks';
import { useCallback, useMemo, useState } from 'react';
import { map, of } from 'rxjs';
import { deleteOncallSchedule$, oncallSchedules$, type OncallSchedule } from '../../../streams/notifications/oncall';
import { pickableStations$ } from '../../../streams/system/accounts';
import { NOTHING } from '../../../streams/system/loaded';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { emptyText, ListPage } from '../../components/ListPage';
import { useRuntime } from '../../hooks/runtime';
import { useCommand, useReload } from '../../hooks/useCommand';
import { useT } from '../../hooks/useT';
import { useSortedTable } from '../../widgets/useSortedTable';
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
  const remover = useCommand(deleteOncallSchedule$, (e) => {
    if (e.type === 'succeeded') {
      setDeleting(null);
      reload();
    }
  });
  const act = useCallback((a: OncallAction, s: OncallSchedule) => (a === 'edit' ? setEditing(s) : setDeleting(s)), []);
  const rows = useMemo(() => list.data?.dataList ?? [], [list.data]);
  const columns = useMemo(() => oncallColumns(t, (id) => names.get(id) ?? `#${id}`, act), [t, names, act]);
  const table = useSortedTable(rows, columns, (r) => r.scheduleId);

  return (
    <ListPage
      testId="oncall-schedules"
      loaded={list.data !== null}
      total={rows.length}
      title={t('routes.systemOncall')}
      failed={list.failed ? t('notifications:loadFailed') : null}
      intro={t('notifications:oncall.intro')}
      bar={
        <>
          <span className="text-sm text-slate-500">{t('notifications:oncall.count', { count: rows.length })}</span>
          <Button variant="primary" className="ml-auto" onClick={() => setEditing('new')} data-testid="oncall-create">
            {t('notifications:oncall.create')}
          </Button>
        </>
      }
    >
      <VirtualTable
        table={table}
        label={t('routes.systemOncall')}
        empty={emptyText(list, t('app.loading'), t('notifications:oncall.empty'))}
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
    </ListPage>
  );
}
