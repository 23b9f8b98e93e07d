// On-call schedules (system.oncall): the organisation's tiers of people told of an alarm nobody
// acknowledges (docs/notifications.md, "Escalation"); create, edit, delete.
import { useCallback, useMemo } from 'react';
import { of } from 'rxjs';
import { deleteOncallSchedule$, oncallSchedules$, type OncallSchedule } from '../../../streams/notifications/oncall';
import { RemoveConfirm, useEditor, useListRead, useRemoval, type RemovalText } from '../../components/ListEdits';
import { emptyText, ListPage } from '../../components/ListPage';
import { usePickableStations } from '../../hooks/usePickableStations';
import { useT } from '../../hooks/useT';
import { useSortedTable } from '../../widgets/useSortedTable';
import { VirtualTable } from '../../widgets/VirtualTable';
import { OncallDialog } from './OncallDialog';
import { oncallColumns, type OncallAction } from './oncallColumns';
import { ResultCount } from '../../components/ResultCount';

const DELETE_TEXT = {
  title: 'notifications:oncall.deleteTitle',
  question: 'notifications:oncall.deleteQuestion',
  confirm: 'notifications:action.delete',
} as const satisfies RemovalText;

export default function OncallPage() {
  const t = useT('notifications', 'alarms');
  const [list, reload] = useListRead((api, reload$) => oncallSchedules$(api, of(true), reload$));
  const { stations, stationName } = usePickableStations();
  const accounts = useMemo(() => (list.data?.accounts ?? []).map((a) => ({ id: a.accountId, name: a.name })), [list.data]);
  const roles = useMemo(() => (list.data?.roles ?? []).map((r) => ({ id: r.roleId, name: r.name })), [list.data]);
  const editor = useEditor<OncallSchedule, []>(reload);
  const removal = useRemoval(deleteOncallSchedule$, (s: OncallSchedule) => s.scheduleId, reload);
  const { edit } = editor;
  const { ask } = removal;
  const act = useCallback((a: OncallAction, s: OncallSchedule) => (a === 'edit' ? edit(s) : ask(s)), [edit, ask]);
  const rows = useMemo(() => list.data?.dataList ?? [], [list.data]);
  const columns = useMemo(() => oncallColumns(t, stationName, act), [t, stationName, act]);
  const table = useSortedTable(rows, columns, (r) => r.scheduleId);

  return (
    <ListPage
      testId="oncall-schedules"
      read={list}
      title={t('routes.systemOncall')}
      intro={t('notifications:oncall.intro')}
      bar={<ResultCount text={t('notifications:oncall.count', { count: rows.length })} />}
      create={{ testId: 'oncall-create', text: t('notifications:oncall.create'), onClick: () => edit('new') }}
    >
      <VirtualTable
        table={table}
        label={t('routes.systemOncall')}
        empty={emptyText(list, t('app.loading'), t('notifications:oncall.empty'))}
        testId="oncall-table"
      />
      {editor.open && <OncallDialog {...editor.dialog} stations={stations} accounts={accounts} roles={roles} />}
      <RemoveConfirm removal={removal} text={DELETE_TEXT} />
    </ListPage>
  );
}
