// Shelved rules (route alarm.shelves, permission alarm.shelve): the active shelves of the scope
// with rule, station or device, who set them, why and until when, each with Unshelve; "Shelve a
// rule" opens the dialog. A link may carry stationId, deviceId and rule in the query (an alarm's
// own shelve action) to open the dialog already filled. "Until" is shown in each shelf's station
// zone (named under the time) or, switched, in the viewer's, as the alarm list shows alarm times.
// Shelves end by themselves, so the list is re-read on a timer as well as after every write here.
import { useObservable } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { map } from 'rxjs';
import { useSearch } from 'wouter';
import { shelveRule$, unshelveRule$ } from '../../../../streams/alarms/handling';
import { shelves$ } from '../../../../streams/alarms/handling-reads';
import { isPending } from '../../../../streams/commands/command';
import { scopeCode } from '../../../../streams/monitor/scope';
import { AlarmTime } from '../../../components/alarms/AlarmTime';
import { Button } from '../../../components/Button';
import { HandlingList } from '../handling/HandlingList';
import { useStoreValue } from '../../../hooks/runtime';
import { useT } from '../../../hooks/useT';
import { alarmRuleName } from '../../../lib/alarmText';
import { PHONE_CELL, PHONE_ROW, PHONE_WIDE } from '../../../components/phoneCards';
import { ShelveDialog, type ShelvePreset } from './ShelveDialog';
import { useHandlingList } from '../handling/useHandlingList';

const presetOf = (search: string): ShelvePreset | null => {
  const q = new URLSearchParams(search);
  const stationId = Number(q.get('stationId'));
  const rule = q.get('rule');
  if (!stationId || !rule) return null;
  const deviceId = Number(q.get('deviceId'));
  return { stationId, alarmRuleCode: rule, ...(deviceId ? { deviceId } : {}) };
};

const COLS = 'grid grid-cols-[1.3fr_1.4fr_0.9fr_1.6fr_1.1fr_0.7fr] items-center gap-3 px-3';

export default function ShelvesPage() {
  const t = useT('alarms', 'alarmCenter');
  const scope = useStoreValue(scopeCode);
  const search = useSearch();
  const linked = useMemo(() => presetOf(search), [search]);
  const [dialog, setDialog] = useState<{ preset: ShelvePreset | null } | null>(linked ? { preset: linked } : null);
  const scope$ = useObservable((in$) => in$.pipe(map(([s]) => (s < 0 ? null : s > 0 ? { orgId: s } : {}))), [scope]);
  const h = useHandlingList(scope, {
    read$: (api, reread$) => shelves$(api, scope$, reread$),
    save$: shelveRule$,
    remove$: unshelveRule$,
    saved: 'alarms:handling.shelveDone',
    removed: 'alarms:handling.unshelveDone',
    onSaved: () => setDialog(null),
  });
  const openDialog = (d: { preset: ShelvePreset | null }) => {
    h.clearSave();
    setDialog(d);
  };

  const heads = [
    t('alarms:handling.rule'),
    `${t('alarms:handling.station')} / ${t('alarms:handling.scope')}`,
    t('alarms:handling.by'),
    t('alarms:handling.reason'),
    t('alarms:handling.until'),
    t('alarmCenter:list.action'),
  ];

  return (
    <HandlingList
      testId="shelves-page"
      title={t('routes.alarmShelves')}
      controls={
        <Button data-testid="shelve-open" variant="primary" onClick={() => openDialog({ preset: null })}>
          {t('alarms:handling.shelve')}
        </Button>
      }
      zones={h.zones}
      t={t}
      failed={h.list.failed}
      cols={COLS}
      minWidth="sm:min-w-[900px]"
      heads={heads}
      rows={h.list.rows}
      dialog={
        <ShelveDialog
          open={dialog !== null}
          preset={dialog?.preset ?? null}
          stations={h.stations}
          busy={isPending(h.lastSave)}
          last={h.lastSave}
          t={t}
          onClose={() => setDialog(null)}
          onSave={h.save}
        />
      }
      empty={{ testId: 'shelves-empty', text: t('alarms:handling.shelvesEmpty') }}
    >
      {h.rows.map((s) => (
        <div
          key={s.shelfId}
          role="row"
          data-testid="shelf-row"
          data-shelf={s.shelfId}
          data-station={s.stationId}
          data-rule={s.alarmRuleCode}
          className={`${COLS} ${PHONE_ROW} border-b border-slate-100 py-2 dark:border-slate-800`}
        >
          <span role="cell" data-testid="shelf-rule" data-label={heads[0]} className={`truncate font-medium ${PHONE_CELL}`}>
            {alarmRuleName(s.alarmRuleCode, s.alarmRuleName)}
          </span>
          <span role="cell" data-label={heads[1]} className={`truncate ${PHONE_CELL}`}>
            {s.stationName} · {s.deviceName ?? t('alarms:handling.allDevices')}
          </span>
          <span role="cell" data-label={heads[2]} className={`truncate ${PHONE_CELL}`}>
            {s.createdBy}
          </span>
          <span role="cell" data-testid="shelf-reason" data-label={heads[3]} className={`truncate ${PHONE_CELL} ${PHONE_WIDE}`} title={s.reason}>
            {s.reason}
          </span>
          <span role="cell" data-label={heads[4]} className={`min-w-0 ${PHONE_CELL}`}>
            <AlarmTime iso={s.until} zone={h.zones.zoneOf(s.stationId)} named={h.zones.named} testId="shelf-until" />
          </span>
          <span role="cell" className={`max-sm:[&_button]:min-h-11 ${PHONE_WIDE}`}>
            <button
              type="button"
              data-testid="shelf-unshelve"
              disabled={h.removing}
              className="text-brand-700 hover:underline disabled:opacity-50 dark:text-brand-500"
              onClick={() => h.remove(s.shelfId)}
            >
              {t('alarms:handling.unshelve')}
            </button>
          </span>
        </div>
      ))}
    </HandlingList>
  );
}
