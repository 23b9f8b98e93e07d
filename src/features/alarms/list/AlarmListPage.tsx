// Alarm list of the alarm center (route alarm.alarmList): every alarm in scope (the provider
// picked in the selector for orgType 1, else the caller's whole scope), newest first, from
// fuzzyAlarmRecord with the chosen filters. The page composes its parts: the form and its filter
// bar, the read with its resolve command (useAlarmList), the virtual list, the CSV export and the
// dialogs (resolve, acknowledge, detail: acknowledge, assign, comment). Times are each station's
// local time (or the viewer's, by the zone switch), and day filters follow the same zones; on a
// phone the list draws cards and the filters fold away under one button.
import { useObservable, useObservableCallback, useObservableState, useSubscription } from 'observable-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { ackAlarm$ } from '../../../../streams/alarms/handling';
import { exportAlarms$ } from '../../../../streams/alarms/commands';
import type { AlarmFilter, AlarmRecord } from '../../../../streams/alarms/records';
import { isPending } from '../../../../streams/commands/command';
import { scopeCode } from '../../../../streams/monitor/scope';
import { selectPermissions } from '../../../../streams/selectors';
import { AckDialog } from '../handling/AckDialog';
import { AlarmDetailDialog } from '../handling/AlarmDetailDialog';
import { useAlarmZones } from '../../../hooks/useAlarmZones';
import { useCommand } from '../../../hooks/useCommand';
import { usePhone } from '../../../hooks/usePhone';
import { useRuntime, useStoreValue } from '../../../hooks/runtime';
import { useT } from '../../../hooks/useT';
import { alarmContent, alarmRuleName } from '../../../lib/alarmText';
import { href, stationQuery } from '../../../lib/paths';
import { downloadAlarmsCsv } from './alarmCsv';
import { AlarmFilterBar } from './AlarmFilterBar';
import { AlarmVirtualList } from './AlarmVirtualList';
import type { AlarmActions } from './alarmActions';
import { headOf } from './cells';
import { rangeAcross } from './query';
import { ResolveDialog } from '../handling/ResolveDialog';
import { alarmListQuery, useAlarmList } from './useAlarmList';
import { useAlarmListForm } from './useAlarmListForm';
import { ResultCount } from '../../../components/ResultCount';

export default function AlarmListPage() {
  const t = useT('alarmCenter', 'alarms', 'station');
  const { api, store } = useRuntime();
  const [, navigate] = useLocation();
  const scope = useStoreValue(scopeCode);
  const permissions = useStoreValue(selectPermissions);
  const can = useMemo(
    () => ({ ack: permissions.has('alarm.ack'), resolve: permissions.has('alarm.resolve'), shelve: permissions.has('alarm.shelve') }),
    [permissions],
  );
  const phone = usePhone();
  const form = useAlarmListForm();
  const [shownIds, setShownIds] = useState<number[]>([]);
  const z = useAlarmZones(scope < 0 ? null : scope, shownIds);
  const [confirm, setConfirm] = useState<AlarmRecord | null>(null);
  const [ackFor, setAckFor] = useState<AlarmRecord | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const shown = (key: 'alarmCenter:list.resolved' | 'alarms:handling.ackDone') =>
    store.dispatch({ type: 'message/shown', messageType: 'success', text: { key }, at: Date.now() });
  const { rows, total, reloads, changed, resolve, resolving } = useAlarmList(scope, form.filters, form.texts, form.preset, form.custom, z.dayZones, (ok) => {
    if (ok) shown('alarmCenter:list.resolved');
    setConfirm(null);
  });
  const ack = useCommand(ackAlarm$, (e) => {
    if (e.type === 'pending') return;
    if (e.type === 'succeeded') {
      shown('alarms:handling.ackDone');
      changed();
    }
    setAckFor(null);
  });

  // a preset across zones asks the server for the union of the days; each row keeps its own
  const keep = useMemo(() => rangeAcross(form.preset, Date.now(), form.custom, z.dayZones).keep, [form.preset, form.custom, z.dayZones]);
  const keepDay = (rs: readonly AlarmRecord[]) => (keep ? rs.filter((r) => keep(z.zoneOf(r.stationId), Date.parse(r.happenTime))) : rs);
  const list = keepDay(rows ?? []);
  const idsKey = [...new Set((rows ?? []).map((r) => r.stationId))].join(',');
  useEffect(() => setShownIds(idsKey ? idsKey.split(',').map(Number) : []), [idsKey]);
  const detail = detailId === null ? null : (list.find((r) => r.alarmId === detailId) ?? null);
  const named = z.named ? null : z.listZone;
  const head = useMemo(() => [...headOf(t, named), t('alarms:handling.column')], [t, named]);
  const actions = useMemo<AlarmActions>(
    () => ({
      onOpenLog: (r) => navigate(href('alarmLog.alarmLog', stationQuery(r.stationId, r.serviceProviderId))),
      onDetail: setDetailId,
      onResolve: setConfirm,
      onAck: setAckFor,
    }),
    [navigate],
  );

  // CSV of the whole filtered list (paged past the 1000 on screen)
  const [askExport, exportFilters$] = useObservableCallback<AlarmFilter>();
  const exporting$ = useObservable(() => exportAlarms$(api, exportFilters$));
  const exporting = isPending(useObservableState(exporting$, null));
  useSubscription(exporting$, (e) => e.type === 'succeeded' && downloadAlarmsCsv(keepDay(e.output), t, named, z.zoneOf));
  const exportCsv = () => {
    const q = alarmListQuery(scope, form.filters, form.texts, form.preset, form.custom, z.dayZones);
    if (q) askExport(q.payload(Date.now()));
  };

  return (
    <div data-testid="alarm-list" data-total={total} data-reloads={reloads} data-loaded={rows !== null} className="flex flex-col gap-3">
      <h1 className="sr-only sm:hidden">{t('routes.alarmAlarmList')}</h1>
      <AlarmFilterBar form={form} t={t} phone={phone} exporting={exporting} canExport={total > 0} onExport={exportCsv} />
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-500">
        <ResultCount testId="alarm-count" text={t('station:alarmLog.total', { count: total })} />
        {total > list.length && <span data-testid="alarm-shown">{t('alarmCenter:list.shown', { shown: list.length, count: total })}</span>}
        <span data-testid="zone-note" className="text-xs text-slate-400">
          {z.named ? t('alarms:handling.stationTimes') : t('alarmCenter:list.timeIn', { zone: z.listZone })}
        </span>
        <span className="ml-auto text-xs text-slate-400">{t('station:alarmLog.live')}</span>
      </div>
      <AlarmVirtualList list={list} loaded={rows !== null} head={head} t={t} phone={phone} named={z.named} zoneOf={z.zoneOf} can={can} actions={actions} />
      <ResolveDialog alarm={confirm} busy={resolving} t={t} onResolve={resolve} onClose={() => setConfirm(null)} />
      <AckDialog
        open={ackFor !== null}
        title={ackFor ? `${ackFor.stationName} · ${alarmRuleName(ackFor.alarmRuleCode, ackFor.alarmRuleName)}` : ''}
        detail={ackFor ? alarmContent(ackFor) : ''}
        busy={ack.pending}
        t={t}
        onClose={() => setAckFor(null)}
        onAck={(note) => ackFor && ack.run({ alarmId: ackFor.alarmId, ...(note ? { note } : {}) })}
      />
      {detail && (
        <AlarmDetailDialog key={detail.alarmId} alarm={detail} zone={z.zoneOf(detail.stationId)} t={t} onClose={() => setDetailId(null)} onChanged={changed} />
      )}
    </div>
  );
}
