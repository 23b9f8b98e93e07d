// Notification rules (alarm.notifications): the reader's own rules of which alarms of its data
// scope reach it on which channels and when; create, edit, delete, and a test-send whose outcome
// per channel (delivered, or failed with the receiver's reason) the page shows. Its role's default
// rules are listed above them, read-only, each with a switch for the reader.
import { useCallback, useMemo, useState } from 'react';
import { of } from 'rxjs';
import { deleteNotificationRule$, notificationRules$, testNotificationRule$, type NotificationRule } from '../../../streams/notifications/rules';
import { Button } from '../../components/Button';
import { RemoveConfirm, useEditor, useListRead, useRemoval, type RemovalText } from '../../components/ListEdits';
import { emptyText, ListPage } from '../../components/ListPage';
import { Modal } from '../../components/Modal';
import { useCommand } from '../../hooks/useCommand';
import { usePickableStations } from '../../hooks/usePickableStations';
import { useT } from '../../hooks/useT';
import { useSortedTable } from '../../widgets/useSortedTable';
import { VirtualTable } from '../../widgets/VirtualTable';
import { PushSwitch } from './PushSwitch';
import { RoleRuleList } from './RoleRuleList';
import { RuleDialog } from '../../components/notifications/RuleDialog';
import { ruleColumns, type RuleAction } from './ruleColumns';
import { RuleCard, RULE_CARD_HEIGHT } from './RuleCard';
import { TestOutcome, type TestState } from './TestOutcome';
import { ResultCount } from '../../components/ResultCount';

const DELETE_TEXT = {
  title: 'notifications:rules.deleteTitle',
  question: 'notifications:rules.deleteQuestion',
  confirm: 'notifications:action.delete',
} as const satisfies RemovalText;

export default function RulesPage() {
  const t = useT('notifications', 'alarms', 'station');
  const [rules, reload] = useListRead((api, reload$) => notificationRules$(api, of(true), reload$));
  const { stations, stationName } = usePickableStations();
  const [secret, setSecret] = useState<string | null>(null);
  const editor = useEditor<NotificationRule, [NotificationRule]>((r) => {
    if (r.webhookSecret) setSecret(r.webhookSecret);
    reload();
  });
  const removal = useRemoval(deleteNotificationRule$, (r: NotificationRule) => r.ruleId, reload);
  const [test, setTest] = useState<TestState | null>(null);

  const tester = useCommand(testNotificationRule$, (e) => {
    if (e.type === 'succeeded') setTest((s) => s && { ...s, results: e.output });
    if (e.type === 'failed') setTest((s) => s && { ...s, error: e.error });
  });
  const { edit } = editor;
  const { ask } = removal;
  const run = tester.run;
  const act = useCallback(
    (a: RuleAction, r: NotificationRule) => {
      if (a === 'edit') edit(r);
      else if (a === 'delete') ask(r);
      else {
        setTest({ name: r.name, results: null, error: null });
        run(r.ruleId);
      }
    },
    [edit, ask, run],
  );
  const testing = tester.pending && tester.last?.type === 'pending' ? tester.last.input : null;
  const rows = useMemo(() => rules.data?.dataList ?? [], [rules.data]);
  const columns = useMemo(() => ruleColumns(t, stationName, act, testing), [t, stationName, act, testing]);
  const table = useSortedTable(rows, columns, (r) => r.ruleId);

  return (
    <ListPage
      testId="notification-rules"
      read={rules}
      title={t('routes.alarmNotifications')}
      intro={t('notifications:rules.intro')}
      bar={<ResultCount testId="rule-count" text={t('notifications:rules.count', { count: rows.length })} />}
      create={{ testId: 'rule-create', text: t('notifications:rules.create'), onClick: () => edit('new') }}
      notes={
        <>
          <PushSwitch />
          <RoleRuleList rules={rules.data?.roleRules ?? []} onChanged={reload} />
        </>
      }
    >
      {test && <TestOutcome state={test} onClose={() => setTest(null)} />}
      <VirtualTable
        table={table}
        label={t('routes.alarmNotifications')}
        empty={emptyText(rules, t('app.loading'), t('notifications:rules.empty'))}
        testId="rule-table"
        card={{ height: RULE_CARD_HEIGHT, render: (r) => <RuleCard rule={r} act={act} testing={testing} /> }}
      />
      {editor.open && <RuleDialog {...editor.dialog} stations={stations} smsAvailable={rules.data?.smsAvailable ?? false} />}
      <RemoveConfirm removal={removal} text={DELETE_TEXT} />
      <Modal open={secret !== null} onClose={() => setSecret(null)} title={t('notifications:rules.secretTitle')} testId="secret-dialog">
        <p className="mb-2 text-sm">{t('notifications:rules.secretNote')}</p>
        <code className="block break-all rounded bg-slate-100 p-2 font-mono text-sm dark:bg-slate-900" data-testid="webhook-secret">
          {secret}
        </code>
        <div className="mt-4 flex justify-end">
          <Button variant="primary" onClick={() => setSecret(null)}>
            {t('app.close')}
          </Button>
        </div>
      </Modal>
    </ListPage>
  );
}
